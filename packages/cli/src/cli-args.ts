import type {ParseArgsConfig} from 'node:util'
import {parseArgs} from 'node:util'

/** What the command line asked for. */
export interface CliArgs {
  inputs: string[]
  out?: string
  format?: string
  explain: boolean
  json: boolean
  list: boolean
  only: string[]
  listFormats: boolean
  use: string[]
  view?: string
  branches?: 'current' | 'all'
  subagents: boolean
  keepMeta: boolean
  slackSplit?: 'channel' | 'day'
  thinking: boolean
  notices: boolean
  parseMessages: boolean
  profile: 'gfm' | 'obsidian'
  maxResultChars?: number
  timeZone?: string
  followSymlinks: boolean
  help: boolean
  version: boolean
}

/** A mistake in the command line (exit status 2). */
export class UsageError extends Error {}

export const helpText = `Usage: chatmark [options] <file|dir|->...

Turn AI-chat transcripts into Markdown notes: Claude Code, Codex CLI and Gemini CLI
sessions, ChatGPT and Claude.ai data exports (.zip or conversations.json), Slack
exports (folder or .zip) and plain-text transcripts. Notes go to stdout unless -o
is given; use --list-formats to see them all.

Options:
  -o, --out <dir>            write one note per conversation into <dir>
      --format <name>        skip detection and read inputs as <name>
      --explain              show every format's verdict and why one won
      --json                 print one JSON object per input (JSON Lines)
      --list                 list the conversations of each input (id, date, turns,
                             title, tab-separated) without writing notes
      --only <id|text>       convert only conversations with this id, or whose title
                             contains this text (case-insensitive; repeatable)
      --list-formats         list the formats in dispatch order
      --use <module>         register a format from a file or package (repeatable)
      --view <name>          what to show: 'note' (default) or 'resume' (what the
                             tool itself would load on resume)
      --branches <which>     'current' (default): the branch the user kept;
                             'all': abandoned branches too, as labelled alternates
      --subagents            show subagent conversations under the calls that started them
      --keep-meta            show injected harness text (context, reminders) as notices
      --slack-split <by>     Slack exports: one note per 'channel' (default) or per 'day'
      --no-thinking          leave out thinking
      --no-notices           leave out harness notices
      --parse-messages       parse message text into mdast (for remark plugins)
      --profile <name>       'gfm' (default) or 'obsidian'
      --max-result-chars <n> keep head and tail of longer tool results (default 4000, 0: all)
      --time-zone <tz>       time zone for times in headings (default UTC)
      --follow-symlinks      read inputs behind symbolic links
  -h, --help                 show this help
  -v, --version              show the version

Exit status: 0 when every input was converted, 1 when any failed, 2 for usage errors.`

/** The command's options, for `node:util` `parseArgs`. */
const options = {
  out: {type: 'string', short: 'o'},
  format: {type: 'string'},
  explain: {type: 'boolean'},
  json: {type: 'boolean'},
  list: {type: 'boolean'},
  only: {type: 'string', multiple: true},
  'list-formats': {type: 'boolean'},
  use: {type: 'string', multiple: true},
  view: {type: 'string'},
  branches: {type: 'string'},
  subagents: {type: 'boolean'},
  'keep-meta': {type: 'boolean'},
  'slack-split': {type: 'string'},
  'no-thinking': {type: 'boolean'},
  'no-notices': {type: 'boolean'},
  'parse-messages': {type: 'boolean'},
  profile: {type: 'string'},
  'max-result-chars': {type: 'string'},
  'time-zone': {type: 'string'},
  'follow-symlinks': {type: 'boolean'},
  help: {type: 'boolean', short: 'h'},
  version: {type: 'boolean', short: 'v'}
} as const satisfies ParseArgsConfig['options']

/** Parses argv (without the node and script paths). */
export function parseCliArgs(argv: string[]): CliArgs {
  let parsed: ReturnType<
    typeof parseArgs<{args: string[]; allowPositionals: true; strict: true; options: typeof options}>
  >
  try {
    parsed = parseArgs({args: argv, allowPositionals: true, strict: true, options})
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const {values, positionals} = parsed

  const profile = values.profile ?? 'gfm'
  if (profile !== 'gfm' && profile !== 'obsidian') {
    throw new UsageError(`Unknown profile \`${profile}\`: expected \`gfm\` or \`obsidian\``)
  }
  if (values.view !== undefined && values.view !== 'note' && values.view !== 'resume') {
    throw new UsageError(`Unknown view \`${values.view}\`: expected \`note\` or \`resume\``)
  }
  if (values.branches !== undefined && values.branches !== 'current' && values.branches !== 'all') {
    throw new UsageError(`Unknown branches \`${values.branches}\`: expected \`current\` or \`all\``)
  }
  const split = values['slack-split']
  if (split !== undefined && split !== 'channel' && split !== 'day') {
    throw new UsageError(`Unknown --slack-split \`${split}\`: expected \`channel\` or \`day\``)
  }
  let maxResultChars: number | undefined
  if (values['max-result-chars'] !== undefined) {
    maxResultChars = Number(values['max-result-chars'])
    if (!Number.isInteger(maxResultChars) || maxResultChars < 0) {
      throw new UsageError(
        `--max-result-chars takes a whole number of characters, not \`${values['max-result-chars']}\``
      )
    }
  }
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
    json: values.json ?? false,
    list: values.list ?? false,
    only: values.only ?? [],
    listFormats: values['list-formats'] ?? false,
    use: values.use ?? [],
    subagents: values.subagents ?? false,
    keepMeta: values['keep-meta'] ?? false,
    thinking: !values['no-thinking'],
    notices: !values['no-notices'],
    parseMessages: values['parse-messages'] ?? false,
    profile,
    followSymlinks: values['follow-symlinks'] ?? false,
    help: values.help ?? false,
    version: values.version ?? false
  }
  if (values.out !== undefined) args.out = values.out
  if (values.format !== undefined) args.format = values.format
  if (values.view !== undefined) args.view = values.view
  if (values.branches === 'current' || values.branches === 'all') args.branches = values.branches
  if (split === 'channel' || split === 'day') args.slackSplit = split
  if (maxResultChars !== undefined) args.maxResultChars = maxResultChars
  if (values['time-zone'] !== undefined) args.timeZone = values['time-zone']
  if (args.explain && args.json)
    throw new UsageError('--explain and --json cannot be combined: --json already includes the verdicts')
  if (args.list && (args.json || args.explain || args.out !== undefined)) {
    throw new UsageError('--list only lists conversations: it cannot be combined with --json, --explain or --out')
  }
  if (!args.help && !args.version && !args.listFormats && args.inputs.length === 0) {
    throw new UsageError('No input: give one or more files or folders, or - for stdin')
  }
  return args
}
