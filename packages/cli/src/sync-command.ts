import {readFile} from 'node:fs/promises'
import {homedir} from 'node:os'
import {join, resolve} from 'node:path'
import {parseArgs} from 'node:util'
import type {Conversation, Normalizer} from '@chatmark/core'
import {subagentFiles} from '@chatmark/format-claude'
import type {SyncEvent, SyncReport} from '@chatmark/vault'
import {sync, VaultLockedError} from '@chatmark/vault'
import {parse as parseYaml} from 'yaml'
import {defaultTimeLimitSeconds} from './cli-args.js'
import {collectInputs, knownInputs, matchesOnly} from './collect-inputs.js'
import type {CliIo} from './main.js'
import {pooledSourceReader} from './pooled-source-reader.js'
import {printable} from './printable.js'
import {redactSecrets} from './redact-secrets.js'
import {syncProgress} from './sync-progress.js'
import {UsageError} from './usage-error.js'

/** `chatmark sync --help`. */
export const syncHelp = `Usage: chatmark sync VAULT [FILE|FOLDER...] [options]

Keeps the notes folder VAULT in sync with the AI tools' own folders (Claude Code
~/.claude/projects, Codex ~/.codex/sessions and archived_sessions, Gemini CLI
~/.gemini/tmp; CLAUDE_CONFIG_DIR and CODEX_HOME are honoured), the files and
folders named, and the \`sources\` of VAULT/.chatmark/config.yaml. Unchanged
sources are not read again; a note you edited keeps your edits; nothing is
deleted because a source disappeared.

Options:
  --dry-run            say what would be done; write nothing
  --since DATE         only conversations updated on or after DATE (YYYY-MM-DD)
  --until DATE         only conversations started on or before DATE
  --project TEXT       only conversations whose project path contains TEXT
  --only ID|TEXT       only the conversation with this id, or titles containing TEXT (repeatable)
  --no-defaults        read only what is named, not the tools' folders
  --template T         where notes go (default: {tool}/{year}-{month}/{date} {title})
  --profile P          obsidian (default) or gfm
  --no-redact          keep secrets (API keys, tokens) in notes
  --quiet              print only the summary (and failures)
  -j, --jobs N         read up to N sources at once, each in a worker thread (default:
                       one per core; 1: no workers)
  --time-limit S       stop a worker after S seconds on one source, which then fails
                       (default 600, 0: no limit)
  -h, --help           this help`

/** What `chatmark sync` was asked. */
interface SyncArgs {
  vault: string
  inputs: string[]
  dryRun: boolean
  since?: string
  until?: string
  project?: string
  only: string[]
  defaults: boolean
  template?: string
  profile?: 'obsidian' | 'gfm'
  redact: boolean
  quiet: boolean
  jobs?: number
  timeLimit?: number
  help: boolean
}

/** The vault's own settings, `.chatmark/config.yaml`. */
interface VaultConfig {
  sources: string[]
  template?: string
  profile?: 'obsidian' | 'gfm'
}

/**
 * Runs `chatmark sync`: parses its arguments, syncs, prints each note that
 * changed (unless `--quiet`) and one summary line. Exit status: 0, 1 when a
 * source failed, 2 for usage errors (a second sync on the vault included).
 */
export async function syncCommand(argv: string[], io: CliIo, normalizer: Normalizer): Promise<number> {
  let args: SyncArgs
  let config: VaultConfig
  try {
    args = parseSyncArgs(argv)
    if (args.help) {
      io.stdout.write(`${syncHelp}\n`)
      return 0
    }
    config = await readConfig(resolve(io.cwd, args.vault))
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`chatmark sync: ${error.message}\nTry \`chatmark sync --help\`.\n`)
    return 2
  }
  const vault = resolve(io.cwd, args.vault)
  const home = io.home ?? homedir()
  const named = [...args.inputs, ...config.sources.map((source) => resolve(vault, expandHome(source, home)))]
  const inputs: string[] = []
  let failed = false
  for (const entry of await collectInputs(named, {
    cwd: io.cwd,
    ...knownInputs(normalizer.formats),
    followSymlinks: false,
    claimsFolder: async () => false
  })) {
    if (entry.kind === 'file') inputs.push(resolve(io.cwd, entry.path))
    else if (entry.kind === 'refused') {
      io.stderr.write(`${printable(entry.path)}: ${printable(entry.reason)}\n`)
      failed = true
    }
  }
  const progress = syncProgress(io, args.quiet)
  const onEvent = (event: SyncEvent): void => {
    if (event.type === 'sources') progress.start(event.total)
    else if (event.type === 'source') progress.advance(event.done)
    else if (event.type === 'failed') progress.print(`${printable(event.path)}: ${printable(event.reason)}`, true)
    else if (event.outcome !== 'unchanged' && !args.quiet) {
      const why = event.reason ? ` (${printable(event.reason)})` : ''
      progress.print(`${event.outcome}: ${printable(join(args.vault, event.path))}${why}`, false)
    }
  }
  const wanted = (conversation: Conversation): boolean =>
    args.only.length === 0 || args.only.some((only) => matchesOnly(conversation, only))
  // With workers, they read and redact the sources; the notes are rendered and placed here.
  const jobs = args.jobs ?? io.cores ?? 1
  const reading =
    jobs > 1
      ? {
          readSources: pooledSourceReader({
            jobs,
            timeLimitMs: (args.timeLimit ?? defaultTimeLimitSeconds) * 1000,
            redact: args.redact
          })
        }
      : args.redact
        ? {transform: redactSecrets}
        : {}
  let report: SyncReport
  try {
    report = await sync({
      vault,
      normalizer,
      inputs,
      defaults: args.defaults,
      environment: {home, env: io.env ?? process.env},
      render: {profile: args.profile ?? config.profile ?? 'obsidian'},
      ...((args.template ?? config.template) ? {template: args.template ?? config.template ?? ''} : {}),
      dryRun: args.dryRun,
      ...(args.since ? {since: args.since} : {}),
      ...(args.until ? {until: args.until} : {}),
      ...(args.project ? {project: args.project} : {}),
      wanted,
      ...reading,
      // A Claude Code session's note shows its subagents' own transcripts: a change to one re-reads the session.
      companions: subagentFiles,
      onEvent
    })
  } catch (error) {
    progress.stop()
    if (error instanceof VaultLockedError) {
      io.stderr.write(`chatmark sync: ${error.message}\n`)
      return 2
    }
    throw error
  }
  progress.stop()
  if (report.stateSetAside) {
    io.stderr.write(
      `chatmark sync: the state file could not be trusted (${printable(report.stateSetAside.reason)}): ` +
        `set aside as ${printable(report.stateSetAside.path)}, and rebuilt from the notes\n`
    )
  }
  for (const path of report.missingSources) {
    io.stderr.write(`${printable(path)}: gone since the last sync; its notes are kept\n`)
  }
  io.stderr.write(`${summaryLine(report, args.dryRun)}\n`)
  return failed || report.counts.failed > 0 ? 1 : 0
}

/** `12 new, 3 updated, 1,480 unchanged, 1 renamed, 2 kept (edited), 0 failed`. */
export function summaryLine(report: SyncReport, dryRun: boolean): string {
  const {counts} = report
  const count = (value: number): string => value.toLocaleString('en-US')
  return (
    `${dryRun ? 'dry run (nothing written): ' : ''}${count(counts.new)} new, ${count(counts.updated)} updated, ` +
    `${count(counts.unchanged)} unchanged, ${count(counts.renamed)} renamed, ` +
    `${count(counts.kept)} kept because edited, ${count(counts.failed)} failed`
  )
}

function parseSyncArgs(argv: string[]): SyncArgs {
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        'dry-run': {type: 'boolean', default: false},
        since: {type: 'string'},
        until: {type: 'string'},
        project: {type: 'string'},
        only: {type: 'string', multiple: true},
        'no-defaults': {type: 'boolean', default: false},
        template: {type: 'string'},
        profile: {type: 'string'},
        'no-redact': {type: 'boolean', default: false},
        quiet: {type: 'boolean', default: false},
        jobs: {type: 'string', short: 'j'},
        'time-limit': {type: 'string'},
        help: {type: 'boolean', short: 'h', default: false}
      }
    })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const {values, positionals} = parsed
  const text = (name: string): string | undefined => {
    const value = values[name]
    if (value === undefined) return undefined
    if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} needs a value`)
    return value
  }
  const day = (name: string): string | undefined => {
    const value = text(name)
    if (value !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      throw new UsageError(`--${name} takes a day as YYYY-MM-DD, not \`${printable(value)}\``)
    }
    return value
  }
  const profile = text('profile')
  if (profile !== undefined && profile !== 'obsidian' && profile !== 'gfm') {
    throw new UsageError(`--profile is obsidian or gfm, not ${printable(profile)}`)
  }
  const [vault, ...inputs] = positionals
  if (values['help'] !== true && vault === undefined) throw new UsageError('name the notes folder: chatmark sync VAULT')
  const since = day('since')
  const until = day('until')
  const project = text('project')
  const template = text('template')
  const whole = (name: string, least: number): number | undefined => {
    const value = text(name)
    if (value === undefined) return undefined
    const number = Number(value)
    if (!Number.isInteger(number) || number < least) {
      throw new UsageError(`--${name} takes a whole number from ${least}, not \`${printable(value)}\``)
    }
    return number
  }
  const jobs = whole('jobs', 1)
  const timeLimit = whole('time-limit', 0)
  return {
    vault: vault ?? '',
    inputs,
    dryRun: values['dry-run'] === true,
    ...(since ? {since} : {}),
    ...(until ? {until} : {}),
    ...(project ? {project} : {}),
    only: (values['only'] as string[] | undefined) ?? [],
    defaults: values['no-defaults'] !== true,
    ...(template ? {template} : {}),
    ...(profile ? {profile} : {}),
    redact: values['no-redact'] !== true,
    quiet: values['quiet'] === true,
    ...(jobs === undefined ? {} : {jobs}),
    ...(timeLimit === undefined ? {} : {timeLimit}),
    help: values['help'] === true
  }
}

/** Reads `.chatmark/config.yaml` of the vault, when there is one. */
async function readConfig(vault: string): Promise<VaultConfig> {
  const path = join(vault, '.chatmark', 'config.yaml')
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as {code?: unknown}).code === 'ENOENT' || (error as {code?: unknown}).code === 'ENOTDIR') {
      return {sources: []}
    }
    throw new UsageError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`)
  }
  let data: unknown
  try {
    data = parseYaml(text)
  } catch (error) {
    throw new UsageError(`${path} is not valid YAML: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (data === null || data === undefined) return {sources: []}
  if (typeof data !== 'object' || Array.isArray(data)) throw new UsageError(`${path}: expected a mapping`)
  const {sources, template, profile} = data as Record<string, unknown>
  if (sources !== undefined && !(Array.isArray(sources) && sources.every((item) => typeof item === 'string'))) {
    throw new UsageError(`${path}: sources must be a list of paths`)
  }
  if (template !== undefined && typeof template !== 'string') throw new UsageError(`${path}: template must be text`)
  if (profile !== undefined && profile !== 'obsidian' && profile !== 'gfm') {
    throw new UsageError(`${path}: profile is obsidian or gfm`)
  }
  return {
    sources: (sources as string[] | undefined) ?? [],
    ...(template ? {template} : {}),
    ...(profile ? {profile} : {})
  }
}

function expandHome(path: string, home: string): string {
  return path === '~' || path.startsWith('~/') ? join(home, path.slice(1)) : path
}
