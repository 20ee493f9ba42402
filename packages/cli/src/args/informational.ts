import type {FormatPlugin} from '@chatmark/core'
import type {CommandLine} from './command-line.js'
import {listOptionLines} from './format-options.js'
import {helpText} from './help-text.js'
import {UsageError} from '../base/usage-error.js'
import {versionLine} from './version.js'

/** What `--help` or `--version` prints, the whole of the run's output; `undefined` for any other command line. */
export function helpOrVersion({args, normalizer, formatOptions}: CommandLine): string | undefined {
  if (args.help) return `${helpText(normalizer.formats, formatOptions)}\n`
  if (args.version) return `${versionLine()}\n`
  return undefined
}

/**
 * Checks that `--format` names a registered format.
 *
 * @throws {UsageError} naming the formats there are.
 */
export function checkForcedFormat({args, normalizer}: CommandLine): void {
  if (args.format !== undefined && !normalizer.formats.some((format) => format.name === args.format)) {
    const names = normalizer.formats.map((format) => format.name).join(', ')
    throw new UsageError(`Unknown format \`${args.format}\`: expected one of ${names}`)
  }
}

/**
 * Writes what `--list-formats` and `--list-options` ask for on `stdout`.
 *
 * @returns whether the run ends there: it names no input to convert.
 */
export function writeListings(
  {args, normalizer, formatOptions}: CommandLine,
  stdout: {write(text: string): unknown}
): boolean {
  if (args.listFormats) {
    const width = Math.max(...normalizer.formats.map((format) => format.name.length))
    for (const format of normalizer.formats) {
      stdout.write(
        `${format.name.padEnd(width)}  ${(format.extensions ?? []).join(' ').padEnd(24)}  ${format.description ?? ''}\n`
      )
      const tools = toolNames(format)
      if (tools.length > 0) stdout.write(`${''.padEnd(width)}  tools: ${tools.join(', ')}\n`)
    }
    if (args.inputs.length === 0 && !args.listOptions) return true
  }
  if (args.listOptions) {
    for (const line of listOptionLines(formatOptions)) stdout.write(`${line}\n`)
    if (args.inputs.length === 0) return true
  }
  return false
}

/** The tools whose files a format reads, as people call them: its tool, then the tools of its variants. */
export function toolNames(format: FormatPlugin): string[] {
  if (!format.tool) return []
  const names = [format.tool.name, ...Object.values(format.tool.variants ?? {}).map((identity) => identity.name)]
  return [...new Set(names)]
}
