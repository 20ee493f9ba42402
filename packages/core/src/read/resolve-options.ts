import type {FormatOption} from './plugin.js'
import {formatOptionKey} from './plugin.js'

/** `keep-meta` as `keepMeta`: the key an option is passed under when it names none. */
export type CamelCase<Name extends string> = Name extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name

/** The key of an option in `context.options`: its `key`, else its name in camelCase. */
export type OptionKey<Option extends FormatOption> = Option extends {key: infer Key extends string}
  ? Key
  : CamelCase<Option['name']>

/** What an option's value is: its choices, else its type; `undefined` too when it has no default. */
export type OptionValue<Option extends FormatOption> =
  | (Option['type'] extends 'boolean'
      ? boolean
      : Option['type'] extends 'number'
        ? number
        : Option extends {choices: readonly (infer Choice extends string)[]}
          ? Choice
          : string)
  | (Option extends {default: string | number | boolean} ? never : undefined)

/** The options a format declares, resolved: every key present, each of its declared type. */
export type OptionValues<Options extends readonly FormatOption[]> = {
  readonly [Option in Options[number] as OptionKey<Option>]: OptionValue<Option>
}

/**
 * `given` (a run's options, by key, from the command line or a library
 * caller) resolved against the options a format declares: a value of the
 * declared type (and among its choices) is taken, anything else (absent, or
 * a library caller's `'yes'` for a boolean) gives way to the declared default.
 * Each format is so handed typed values, and no format checks types itself.
 */
export function resolveOptions<const Options extends readonly FormatOption[]>(
  declared: Options,
  given: Readonly<Record<string, unknown>>
): OptionValues<Options> {
  const resolved: Record<string, unknown> = {}
  for (const option of declared) {
    const key = formatOptionKey(option)
    const value = given[key]
    resolved[key] = accepts(option, value) ? value : option.default
  }
  return resolved as OptionValues<Options>
}

/** Whether `value` is one an option takes: of its type, among its choices, a number not below its minimum. */
function accepts(option: FormatOption, value: unknown): boolean {
  if (option.type === 'boolean') return typeof value === 'boolean'
  if (option.type === 'number')
    return typeof value === 'number' && Number.isFinite(value) && value >= (option.minimum ?? -Infinity)
  return typeof value === 'string' && (option.choices === undefined || option.choices.includes(value))
}
