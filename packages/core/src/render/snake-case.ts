/**
 * A property name in snake_case, as every profile writes the names of a
 * note's properties: `cliVersion`, `cli-version` and `cli version` as
 * `cli_version`, `cacheCreation` as `cache_creation`; `''` when the name
 * holds no letter or digit.
 */
export function snakeCase(key: string): string {
  return key
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1_$2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')
}
