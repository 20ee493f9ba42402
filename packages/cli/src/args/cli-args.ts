import type {ParseArgsConfig} from 'node:util'
import {parseArgs} from 'node:util'
import {builtinWriters, defaultWriterName} from '../writers/builtin-writers.js'
import type {CliFormatOption} from './format-options.js'
import {formatOptionValues} from './format-options.js'
import type {NumericOption} from './numeric-options.js'
import {numericFlags, numericOptions} from './numeric-options.js'
import type {OptionsConfig} from './parse-options.js'
import {parseOptions} from './parse-options.js'
import {UsageError} from '../base/usage-error.js'
import {wholeNumber} from './whole-number.js'

export {UsageError} from '../base/usage-error.js'

/** Seconds a worker may spend on one input (`--time-limit`, also `chatmark sync`'s). */
export const defaultTimeLimitSeconds = 600

/** What the command line asked for. */
export interface CliArgs {
  inputs: string[]
  out?: string
  format?: string
  explain: boolean
  /** The writer (`--to`; `--json` is `json`): `markdown`, `html` or `json`. */
  to: string
  list: boolean
  only: string[]
  listFormats: boolean
  listOptions: boolean
  use: string[]
  /**
   * The format options given (`--keep-meta`, `--view resume`...), by the key
   * the formats read from `context.options`, in the order given.
   */
  formatOptions: Record<string, unknown>
  thinking: boolean
  notices: boolean
  /** Replace secrets (API keys, tokens, private keys) with a marker naming their kind; `--no-redact` keeps them. */
  redact: boolean
  parseMessages: boolean
  profile: 'gfm' | 'obsidian'
  /** `--remote-content`: what a Markdown note does with remote images and HTML that loads (see `RenderOptions`). */
  remoteContent: 'link' | 'keep'
  maxResultChars?: number
  foldLines?: number
  /** `--page-size`: MB of a page before a long conversation goes on to another (HTML in a folder); 0: one page. */
  pageSize?: number
  timeZone?: string
  followSymlinks: boolean
  /** `--jobs`: how many inputs are converted at once, each by a worker thread. Default: one per core. */
  jobs?: number
  /** `--time-limit`: seconds a worker may spend on one input before it is stopped and the input failed. */
  timeLimit?: number
  help: boolean
  version: boolean
}

/** The command's own options, for `node:util` `parseArgs`; formats add theirs (`FormatPlugin.options`). */
const options = {
  out: {type: 'string', short: 'o'},
  // The spelling most commands use for -o: typed from habit, it works.
  output: {type: 'string'},
  to: {type: 'string'},
  format: {type: 'string'},
  explain: {type: 'boolean'},
  json: {type: 'boolean'},
  list: {type: 'boolean'},
  only: {type: 'string', multiple: true},
  'list-formats': {type: 'boolean'},
  'list-options': {type: 'boolean'},
  use: {type: 'string', multiple: true},
  'no-thinking': {type: 'boolean'},
  'no-notices': {type: 'boolean'},
  'no-redact': {type: 'boolean'},
  'parse-messages': {type: 'boolean'},
  profile: {type: 'string'},
  'remote-content': {type: 'string'},
  'max-result-chars': {type: 'string'},
  'fold-lines': {type: 'string'},
  'page-size': {type: 'string'},
  'time-zone': {type: 'string'},
  'follow-symlinks': {type: 'boolean'},
  jobs: {type: 'string', short: 'j'},
  'time-limit': {type: 'string'},
  help: {type: 'boolean', short: 'h'},
  version: {type: 'boolean', short: 'v'}
} as const satisfies ParseArgsConfig['options']

/** The names of chatmark's own flags, which no format option may take. */
export const ownOptionNames: ReadonlySet<string> = new Set(Object.keys(options))

/**
 * The `--use` modules of argv, read before the other flags: the formats they
 * register may add flags of their own. Anything else is left to
 * {@link parseCliArgs}.
 */
export function usedModules(argv: string[]): string[] {
  const {values} = parseArgs({args: argv, allowPositionals: true, strict: false, options})
  return (Array.isArray(values.use) ? values.use : []).filter((value): value is string => typeof value === 'string')
}

/**
 * Parses argv (without the node and script paths), with the options of the
 * registered formats (see `cliFormatOptions`) as flags besides chatmark's own.
 */
export function parseCliArgs(argv: string[], formatOptions: readonly CliFormatOption[] = []): CliArgs {
  const config: OptionsConfig = {...options}
  for (const option of formatOptions) config[option.name] = {type: option.type === 'boolean' ? 'boolean' : 'string'}
  const parsed = parseOptions(argv, config, numericFlags(formatOptions))
  // chatmark's own flags have the types their config gives them.
  const values = parsed.values as ReturnType<
    typeof parseArgs<{args: string[]; allowPositionals: true; strict: true; options: typeof options}>
  >['values']
  const positionals = parsed.positionals

  const profile = values.profile ?? 'gfm'
  if (profile !== 'gfm' && profile !== 'obsidian') {
    throw new UsageError(`Unknown profile \`${profile}\`: expected \`gfm\` or \`obsidian\``)
  }
  const remoteContent = values['remote-content'] ?? 'link'
  if (remoteContent !== 'link' && remoteContent !== 'keep') {
    throw new UsageError(`Unknown --remote-content \`${remoteContent}\`: expected \`link\` or \`keep\``)
  }
  const writers = builtinWriters().map((writer) => writer.name)
  if (values.to !== undefined && !writers.includes(values.to)) {
    throw new UsageError(`Unknown writer \`${values.to}\` for --to: expected one of ${writers.join(', ')}`)
  }
  if (values.json && values.to !== undefined && values.to !== 'json') {
    throw new UsageError(`--json is --to json: it cannot be combined with --to ${values.to}`)
  }
  const chosen = formatOptionValues(parsed.values, formatOptions)
  const maxResultChars = numericValue(values['max-result-chars'], 'max-result-chars')
  const foldLines = numericValue(values['fold-lines'], 'fold-lines')
  // Not a `numericOptions` flag: `chatmark sync` writes Markdown, which is never split.
  const pageSize =
    values['page-size'] === undefined
      ? undefined
      : wholeNumber(values['page-size'], '--page-size', {least: 0, most: 4096})
  const jobs = numericValue(values.jobs, 'jobs')
  const timeLimit = numericValue(values['time-limit'], 'time-limit')
  if (values['time-zone'] !== undefined) {
    try {
      new Intl.DateTimeFormat('en', {timeZone: values['time-zone']})
    } catch {
      throw new UsageError(
        `Unknown time zone \`${values['time-zone']}\`: expected an IANA name such as \`Europe/Berlin\``
      )
    }
  }

  const args: CliArgs = {
    inputs: positionals,
    explain: values.explain ?? false,
    to: values.json ? 'json' : (values.to ?? defaultWriterName),
    list: values.list ?? false,
    only: values.only ?? [],
    listFormats: values['list-formats'] ?? false,
    listOptions: values['list-options'] ?? false,
    use: values.use ?? [],
    formatOptions: chosen,
    thinking: !values['no-thinking'],
    notices: !values['no-notices'],
    redact: !values['no-redact'],
    parseMessages: values['parse-messages'] ?? false,
    profile,
    remoteContent,
    followSymlinks: values['follow-symlinks'] ?? false,
    help: values.help ?? false,
    version: values.version ?? false
  }
  if (values.out !== undefined && values.output !== undefined && values.out !== values.output) {
    throw new UsageError('-o (--out) and --output are one option: give it once')
  }
  const out = values.out ?? values.output
  if (out !== undefined) {
    if (out.trim() === '') throw new UsageError('-o (--out) takes a folder, not an empty name')
    args.out = out
  }
  if (values.format !== undefined) args.format = values.format
  if (maxResultChars !== undefined) args.maxResultChars = maxResultChars
  if (foldLines !== undefined) args.foldLines = foldLines
  if (pageSize !== undefined) args.pageSize = pageSize
  if (jobs !== undefined) args.jobs = jobs
  if (timeLimit !== undefined) args.timeLimit = timeLimit
  if (values['time-zone'] !== undefined) args.timeZone = values['time-zone']
  if (args.explain && args.to === 'json')
    throw new UsageError('--explain and --json (--to json) cannot be combined: --json already includes the verdicts')
  if (args.list && (values.to !== undefined || values.json || args.explain || args.out !== undefined)) {
    throw new UsageError('--list only lists conversations: it cannot be combined with --to, --json, --explain or --out')
  }
  if (!args.help && !args.version && !args.listFormats && !args.listOptions && args.inputs.length === 0) {
    throw new UsageError('No input: give one or more files or folders, or - for stdin')
  }
  return args
}

/** One of {@link numericOptions} as given, checked against its range. */
function numericValue(value: string | undefined, name: NumericOption): number | undefined {
  return value === undefined ? undefined : wholeNumber(value, `--${name}`, numericOptions[name])
}
