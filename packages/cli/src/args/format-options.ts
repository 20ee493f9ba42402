import type {FormatOption, FormatPlugin} from '@chatmark/core'
import {formatOptionKey} from '@chatmark/core'
import {printable} from '../base/printable.js'
import {UsageError} from '../base/usage-error.js'

/** A format option as the CLI offers it: the declarations of every format that reads it, merged. */
export interface CliFormatOption {
  /** The flag without its dashes (`keep-meta`). */
  name: string
  /** The key in `context.options` (`keepMeta`). */
  key: string
  type: FormatOption['type']
  /** The values accepted (the union of the declarations' choices); absent: any. */
  choices?: readonly string[]
  /** The least a number option takes (the largest of the declarations' minimums); absent: any. */
  minimum?: number
  /** The declared default; `varies` when the formats that read it disagree. */
  default?: string | number | boolean
  description: string
  /** The formats that read it, in dispatch order. */
  formats: string[]
}

const kebabCase = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/
const types: ReadonlySet<string> = new Set(['boolean', 'string', 'number'])

/**
 * The format options of `formats` (in dispatch order), merged by name and
 * sorted by name. Two formats may declare the same option; they must agree
 * on its type and key. A declaration that is not valid, or that takes a
 * name in `reserved` (chatmark's own flags), is a usage error naming the
 * format.
 */
export function cliFormatOptions(formats: readonly FormatPlugin[], reserved: ReadonlySet<string>): CliFormatOption[] {
  const byName = new Map<string, CliFormatOption>()
  for (const format of formats) {
    for (const option of format.options ?? []) {
      const name: unknown = option?.name
      const where = `Format \`${format.name}\` declares`
      if (typeof name !== 'string' || !kebabCase.test(name)) {
        throw new UsageError(`${where} an option named \`${String(name)}\`: expected kebab-case, such as \`keep-meta\``)
      }
      if (reserved.has(name)) throw new UsageError(`${where} the option \`--${name}\`, which is one of chatmark's own`)
      if (!types.has(option.type)) {
        throw new UsageError(
          `${where} the option \`--${name}\` with type \`${String(option.type)}\`: expected boolean, string or number`
        )
      }
      const key = formatOptionKey(option)
      const existing = byName.get(name)
      if (!existing) {
        byName.set(name, {
          name,
          key,
          type: option.type,
          ...(option.choices === undefined ? {} : {choices: [...option.choices]}),
          ...(typeof option.minimum === 'number' ? {minimum: option.minimum} : {}),
          ...(option.default === undefined ? {} : {default: option.default}),
          description: String(option.description ?? ''),
          formats: [format.name]
        })
        continue
      }
      const first = `Formats \`${existing.formats[0]}\` and \`${format.name}\` both declare the option \`--${name}\``
      if (existing.type !== option.type)
        throw new UsageError(`${first}, with conflicting types (${existing.type} and ${option.type})`)
      if (existing.key !== key)
        throw new UsageError(`${first}, read as conflicting keys (\`${existing.key}\` and \`${key}\`)`)
      existing.formats.push(format.name)
      if (existing.choices && option.choices) existing.choices = [...new Set([...existing.choices, ...option.choices])]
      else if (existing.choices) delete existing.choices
      if (typeof option.minimum === 'number') existing.minimum = Math.max(existing.minimum ?? -Infinity, option.minimum)
      if (existing.default !== option.default) existing.default = 'varies'
    }
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** What an option takes, for `--help`: `<current|all>`, `<value>`, `<n>`, or nothing for a boolean. */
export function valueHint(option: CliFormatOption): string {
  if (option.type === 'boolean') return ''
  if (option.choices) return ` <${option.choices.join('|')}>`
  return option.type === 'number' ? ' <n>' : ' <value>'
}

/**
 * `--list-options`: one line per format option: the flag, its type or
 * choices, its default (`-`: none declared), the formats that read it and
 * its description, in padded columns.
 */
export function listOptionLines(options: readonly CliFormatOption[]): string[] {
  const rows = options.map((option) => [
    `--${option.name}`,
    option.choices ? option.choices.join('|') : option.type,
    option.default === undefined ? '-' : String(option.default),
    option.formats.join(','),
    option.description
  ])
  const widths = [0, 1, 2, 3].map((column) => Math.max(0, ...rows.map((row) => (row[column] ?? '').length)))
  return rows.map((row) =>
    row
      .map((cell, column) => (column < 4 ? cell.padEnd(widths[column] ?? 0) : cell))
      .join('  ')
      .trimEnd()
  )
}

/**
 * The values of the format options given on the command line, by key, in the
 * order given. A value that is not one of an option's choices, or not a
 * number for a number option, is a usage error.
 */
export function formatOptionValues(
  values: Readonly<Record<string, unknown>>,
  options: readonly CliFormatOption[]
): Record<string, unknown> {
  const byName = new Map(options.map((option) => [option.name, option]))
  const result: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    const option = byName.get(name)
    if (!option || value === undefined) continue
    if (option.type === 'boolean') {
      if (value === true) result[option.key] = true
      continue
    }
    const text = String(value)
    if (option.choices && !option.choices.includes(text)) {
      // A one-word option reads as a noun (`Unknown view`), a longer one by its flag (`Unknown --slack-split`).
      const what = name.includes('-') ? `--${name}` : name
      throw new UsageError(`Unknown ${what} \`${text}\`: expected ${alternatives(option.choices)}`)
    }
    if (option.type === 'number') {
      const number = Number(text)
      if (text.trim() === '' || !Number.isFinite(number))
        throw new UsageError(`--${name} must be a number (got ${printable(text)})`, {tryHelp: false})
      if (option.minimum !== undefined && number < option.minimum)
        throw new UsageError(`--${name} must be at least ${option.minimum} (got ${printable(text)})`, {tryHelp: false})
      result[option.key] = number
    } else result[option.key] = text
  }
  return result
}

/** `` `a` ``, `` `a` or `b` ``, `` `a`, `b` or `c` ``. */
function alternatives(choices: readonly string[]): string {
  const quoted = choices.map((choice) => `\`${choice}\``)
  return quoted.length < 2 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`
}
