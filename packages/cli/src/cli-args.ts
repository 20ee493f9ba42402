import type {ParseArgsConfig} from 'node:util'
import {parseArgs} from 'node:util'
import type {BuiltinWriter} from './builtin-writers.js'
import {builtinWriters, defaultWriterName} from './builtin-writers.js'
import type {CliFormatOption} from './format-options.js'
import {formatOptionValues, valueHint} from './format-options.js'
import {UsageError} from './usage-error.js'

export {UsageError} from './usage-error.js'

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
  maxResultChars?: number
  foldLines?: number
  timeZone?: string
  followSymlinks: boolean
  /** `--jobs`: how many inputs are converted at once, each by a worker thread. Default: one per core. */
  jobs?: number
  /** `--time-limit`: seconds a worker may spend on one input before it is stopped and the input failed. */
  timeLimit?: number
  help: boolean
  version: boolean
}

const helpHead = `Usage: chatmark [options] <file|dir|->...

Turn AI-chat transcripts into Markdown notes (or web pages, or JSON): Claude Code,
Codex CLI and Gemini CLI sessions, ChatGPT and Claude.ai data exports (.zip or
conversations.json), Slack exports (folder or .zip) and plain-text transcripts.
Notes go to stdout unless -o is given; use --list-formats to see them all.

Options:
  -o, --out <dir>            write one note per conversation into <dir> (with --to html
                             and several conversations, an index.html too)
      --to <writer>          what to write: markdown (default), html or json (below)
      --format <name>        skip detection and read inputs as <name>
      --explain              show every format's verdict and why one won
      --json                 the same as --to json: on stdout, one JSON object per input
                             (JSON Lines)
      --list                 list the conversations of each input (id, date, turns,
                             title, tab-separated) without writing notes
      --only <id|text>       convert only conversations with this id, or whose title
                             contains this text (case-insensitive; repeatable)
      --list-formats         list the formats in dispatch order
      --list-options         list the format options: flag, values, default, formats
      --use <module>         register a format from a file or package (repeatable)
      --no-thinking          leave out thinking
      --no-notices           leave out harness notices
      --no-redact            keep secrets (API keys, tokens, private keys) instead of
                             replacing each with [redacted: its kind]
      --parse-messages       parse message text into mdast (for remark plugins)
      --profile <name>       'gfm' (default) or 'obsidian'
      --max-result-chars <n> keep head and tail of longer tool results (default 4000, 0: all)
      --fold-lines <n>       fold tool output of more lines (default 20, 0: never)
      --time-zone <tz>       time zone of the note's times (default UTC; named once)
      --follow-symlinks      read inputs behind symbolic links
  -j, --jobs <n>             convert up to <n> inputs at once, each in a worker thread
                             (default: one per core; 1: no workers)
      --time-limit <s>       stop a worker after <s> seconds on one input, which then
                             fails (default 600, 0: no limit)
  -h, --help                 show this help
  -v, --version              show the version`

const helpTail = 'Exit status: 0 when every input was converted, 1 when any failed, 2 for usage errors.'

/** Where descriptions start in `--help`, and how wide its lines may be. */
const descriptionColumn = 29
const helpWidth = 91

/**
 * `--help`: chatmark's own options, then the options of the registered
 * formats (`FormatPlugin.options`), generated from their declarations.
 */
export function helpText(formatOptions: readonly CliFormatOption[] = []): string {
  const lines: string[] = []
  for (const option of formatOptions) {
    const flag = `      --${option.name}${valueHint(option)}`
    const shown = option.type !== 'boolean' && option.default !== undefined ? ` (default ${option.default})` : ''
    const text = wrap(`${option.description}${shown}`, helpWidth - descriptionColumn)
    const first = flag.length < descriptionColumn ? flag.padEnd(descriptionColumn) + (text.shift() ?? '') : flag
    lines.push(first.trimEnd(), ...text.map((line) => ' '.repeat(descriptionColumn) + line))
  }
  const section =
    lines.length === 0
      ? ''
      : `\n\nFormat options (read by the formats that declare them; --list-options says which):\n${lines.join('\n')}`
  return `${helpHead}${section}\n\n${writersSection(builtinWriters())}\n\n${helpTail}`
}

/** The writers `--to` chooses from, one line each: name, extension, what it writes. */
function writersSection(writers: readonly BuiltinWriter[]): string {
  const lines = writers.flatMap((writer) => {
    const head = `  ${writer.name.padEnd(9)} ${writer.extension.padEnd(6)} `
    const text = wrap(writer.description, helpWidth - head.length)
    return [head + (text.shift() ?? ''), ...text.map((line) => ' '.repeat(head.length) + line)]
  })
  return `Writers (--to; -o names files <date>-<title> plus the extension):\n${lines.join('\n')}`
}

/** Words of `text` in lines of at most `width` characters (a longer word has a line of its own). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  if (line !== '') lines.push(line)
  return lines
}

/** The command's own options, for `node:util` `parseArgs`; formats add theirs (`FormatPlugin.options`). */
const options = {
  out: {type: 'string', short: 'o'},
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
  'max-result-chars': {type: 'string'},
  'fold-lines': {type: 'string'},
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
  const config: NonNullable<ParseArgsConfig['options']> = {...options}
  for (const option of formatOptions) config[option.name] = {type: option.type === 'boolean' ? 'boolean' : 'string'}
  let parsed: {values: Record<string, string | boolean | (string | boolean)[] | undefined>; positionals: string[]}
  try {
    parsed = parseArgs({args: argv, allowPositionals: true, strict: true, options: config})
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  // chatmark's own flags have the types their config gives them.
  const values = parsed.values as ReturnType<
    typeof parseArgs<{args: string[]; allowPositionals: true; strict: true; options: typeof options}>
  >['values']
  const positionals = parsed.positionals

  const profile = values.profile ?? 'gfm'
  if (profile !== 'gfm' && profile !== 'obsidian') {
    throw new UsageError(`Unknown profile \`${profile}\`: expected \`gfm\` or \`obsidian\``)
  }
  const writers = builtinWriters().map((writer) => writer.name)
  if (values.to !== undefined && !writers.includes(values.to)) {
    throw new UsageError(`Unknown writer \`${values.to}\` for --to: expected one of ${writers.join(', ')}`)
  }
  if (values.json && values.to !== undefined && values.to !== 'json') {
    throw new UsageError(`--json is --to json: it cannot be combined with --to ${values.to}`)
  }
  const chosen = formatOptionValues(parsed.values, formatOptions)
  const maxResultChars = wholeNumber(values['max-result-chars'], '--max-result-chars', 'characters')
  const foldLines = wholeNumber(values['fold-lines'], '--fold-lines', 'lines')
  const jobs = wholeNumber(values.jobs, '--jobs', 'workers')
  if (jobs === 0) throw new UsageError('--jobs takes 1 or more workers, not 0')
  const timeLimit = wholeNumber(values['time-limit'], '--time-limit', 'seconds')
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
    followSymlinks: values['follow-symlinks'] ?? false,
    help: values.help ?? false,
    version: values.version ?? false
  }
  if (values.out !== undefined) {
    if (values.out.trim() === '') throw new UsageError('-o (--out) takes a folder, not an empty name')
    args.out = values.out
  }
  if (values.format !== undefined) args.format = values.format
  if (maxResultChars !== undefined) args.maxResultChars = maxResultChars
  if (foldLines !== undefined) args.foldLines = foldLines
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

/** A flag's value as a whole number from 0, or a usage error naming the flag and the unit. */
function wholeNumber(value: string | undefined, flag: string, unit: string): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (value.trim() === '' || !Number.isInteger(number) || number < 0) {
    throw new UsageError(`${flag} takes a whole number of ${unit}, not \`${value}\``)
  }
  return number
}
