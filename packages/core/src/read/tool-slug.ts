/**
 * A tool's name as a folder name and an Obsidian tag: lower case, each run of
 * characters other than letters and digits a `-` (`Qwen Code` is `qwen-code`);
 * `tool` when nothing is left.
 */
export function toolSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'tool'
  )
}
