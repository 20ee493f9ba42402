import type {ParseArgsConfig} from 'node:util'
import {parseArgs} from 'node:util'
import {closestOption} from './closest-option.js'
import {printable} from '../base/printable.js'
import {UsageError} from '../base/usage-error.js'

/** Flags for `parseArgs`, by long name. */
export type OptionsConfig = NonNullable<ParseArgsConfig['options']>

/** What {@link parseOptions} read: each flag's value by long name, and the other arguments. */
export interface ParsedOptions {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>
  positionals: string[]
}

/**
 * Parses `argv` strictly against `options` (Node's `parseArgs`), with two
 * manners it lacks. An unknown flag is one line naming the closest known one
 * (`unknown option '--ouptut'; did you mean '--output'?`). And a flag in
 * `valued` (the numeric ones) takes the next argument as its value whatever
 * it looks like, as getopt does: `--jobs -2` is then a range error about
 * `-2`, not "argument is ambiguous".
 *
 * @throws {UsageError}
 */
export function parseOptions(
  argv: readonly string[],
  options: OptionsConfig,
  valued: ReadonlySet<string>
): ParsedOptions {
  const args = attachValues(argv, options, valued)
  const {tokens} = parseArgs({args, options, strict: false, allowPositionals: true, tokens: true})
  const unknown = tokens.find((token) => token.kind === 'option' && !Object.hasOwn(options, token.name))
  if (unknown?.kind === 'option') throw unknownOption(unknown.rawName, Object.keys(options))
  try {
    return parseArgs({args, options, strict: true, allowPositionals: true})
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

/** `--name value` and `-n value` of a flag in `valued` as `--name=value`, so no value reads as a flag. */
function attachValues(argv: readonly string[], options: OptionsConfig, valued: ReadonlySet<string>): string[] {
  const byShort = new Map(
    Object.entries(options).flatMap(([name, option]) => (option.short ? [[option.short, name]] : []))
  )
  const args: string[] = []
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!
    if (arg === '--') {
      args.push(...argv.slice(index))
      break
    }
    const name = arg.startsWith('--')
      ? arg.slice(2)
      : arg.length === 2 && arg[0] === '-'
        ? byShort.get(arg[1]!)
        : undefined
    if (name === undefined || !valued.has(name)) {
      args.push(arg)
      continue
    }
    const value = argv[index + 1]
    if (value === undefined) throw new UsageError(`${arg} needs a value`)
    args.push(`--${name}=${value}`)
    index++
  }
  return args
}

function unknownOption(raw: string, known: readonly string[]): UsageError {
  const match = raw.startsWith('--') ? closestOption(raw.slice(2), known) : undefined
  const what = `unknown option '${printable(raw)}'`
  return match === undefined
    ? new UsageError(what)
    : new UsageError(`${what}; did you mean '--${match}'?`, {tryHelp: false})
}
