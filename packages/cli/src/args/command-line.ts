import type {Normalizer} from '@chatmark/core'
import type {CliArgs} from './cli-args.js'
import {ownOptionNames, parseCliArgs, usedModules} from './cli-args.js'
import {createNormalizer, normalizer as defaultNormalizer} from '../formats/default-normalizer.js'
import type {CliFormatOption} from './format-options.js'
import {cliFormatOptions} from './format-options.js'
import {loadFormats} from '../formats/load-formats.js'

/** A command line read: its arguments, the formats it registers, and their options. */
export interface CommandLine {
  args: CliArgs
  normalizer: Normalizer
  formatOptions: CliFormatOption[]
}

/**
 * Reads argv in two passes: the `--use` formats first (loaded from `cwd`),
 * since their options are flags too, then every flag. The main thread and
 * each worker read the same command line this way.
 *
 * @throws {UsageError} for a bad flag or value, or a `--use` module that is not a format.
 */
export async function readCommandLine(argv: string[], cwd: string): Promise<CommandLine> {
  const formats = await loadFormats(usedModules(argv), cwd)
  const normalizer = formats.length > 0 ? createNormalizer({formats}) : defaultNormalizer
  const formatOptions = cliFormatOptions(normalizer.formats, ownOptionNames)
  return {args: parseCliArgs(argv, formatOptions), normalizer, formatOptions}
}
