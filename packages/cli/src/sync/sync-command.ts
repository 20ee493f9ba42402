import {realpath} from 'node:fs/promises'
import {homedir} from 'node:os'
import {join, resolve} from 'node:path'
import type {Conversation, Normalizer, RenderOptions, ToolEnvironment} from '@chatmark/core'
import {inputFromFolder, notRecognised} from '@chatmark/core'
import type {SyncEvent, SyncOptions, SyncReport} from '@chatmark/vault'
import {
  isVault,
  NewerStateError,
  readInProcess,
  sync,
  templateProblem,
  toolFolders,
  VaultLockedError,
  VaultWriteError
} from '@chatmark/vault'
import {defaultTimeLimitSeconds} from '../args/cli-args.js'
import {collectInputs, knownInputs, matchesOnly} from '../inputs/collect-inputs.js'
import {createNormalizer} from '../formats/default-normalizer.js'
import type {CliFormatOption} from '../args/format-options.js'
import {cliFormatOptions} from '../args/format-options.js'
import {loadFormats} from '../formats/load-formats.js'
import type {CliIo} from '../base/cli-io.js'
import {usageReport} from '../args/usage-report.js'
import {pooledSourceReader} from './pooled-source-reader.js'
import {printable} from '../base/printable.js'
import {redactMessageWith} from '../redact/redact-message.js'
import {redactSecrets} from '../redact/redact-secrets.js'
import {secretScanners} from '../redact/secret-scanners.js'
import type {SyncArgs} from './sync-args.js'
import {parseSyncArgs, syncOptionNames, syncUsedModules} from './sync-args.js'
import {syncHelpText} from './sync-help.js'
import {syncProgress} from './sync-progress.js'
import {UsageError} from '../base/usage-error.js'
import {configSources} from './config-sources.js'
import type {VaultConfig} from './vault-config.js'
import {readVaultConfig, vaultConfigFile} from './vault-config.js'
import {vaultProblem, vaultWriteReport} from './vault-folder.js'
import {listSources, printReport} from './sync-report.js'

/** A sync's command line read: its arguments, the vault's config, the formats and how notes are rendered. */
interface SyncSetup {
  args: SyncArgs
  normalizer: Normalizer
  formatOptions: CliFormatOption[]
  config: VaultConfig
  vault: string
}

/** The sources a sync reads, besides the tools' folders: named (flags, the vault's config) or found in folders. */
interface SyncSources {
  /** What the command line and the config named. */
  named: string[]
  inputs: string[]
  found: string[]
  folders: string[]
  /** Whether a named source was refused (the run then exits 1). */
  failed: boolean
}

/**
 * Runs `chatmark sync`: parses its arguments and the vault's config file,
 * syncs, prints each note that changed (unless `--quiet`), what was skipped
 * and one summary line. Exit status: 0, 1 when a source failed, 2 for usage
 * errors (a second sync on the vault, a vault that is not a writable folder
 * included), 130 or 143 when stopped by SIGINT or SIGTERM (`io.stop`).
 */
export async function syncCommand(argv: string[], io: CliIo, builtins: Normalizer): Promise<number> {
  const setup = await readSetup(argv, io, builtins)
  if (typeof setup === 'number') return setup
  const {args, normalizer} = setup
  const home = io.home ?? homedir()
  const environment: ToolEnvironment = {home, env: io.env ?? process.env, platform: process.platform}
  if (args.listSources) return listSources(io, normalizer, environment)
  const sources = await gatherSources(setup, io, home, environment)
  const redact = redactChoice(setup, io)
  // A reason may quote a title or a value: it is redacted as the notes are (the rules loaded now, as the
  // progress lines are printed as they come).
  const scanners = redact ? await secretScanners() : undefined
  const shown = (reason: string): string => printable(scanners ? redactMessageWith(reason, scanners) : reason)
  const progress = syncProgress(io, args.quiet)
  const options = syncOptions(setup, io, sources, {redact, environment, onEvent: progressLines(args, progress, shown)})
  let report: SyncReport
  try {
    report = await sync(options)
  } catch (error) {
    progress.stop()
    return syncFailure(error, setup, io)
  }
  progress.stop()
  printReport(io, report, args, sources.named.length > 0)
  if (report.interrupted) return io.stopCode ?? 130
  return sources.failed || report.counts.failed > 0 ? 1 : 0
}

/** The command line and the vault's config read, or the exit status when the command ends there. */
async function readSetup(argv: string[], io: CliIo, builtins: Normalizer): Promise<SyncSetup | number> {
  try {
    const used = syncUsedModules(argv)
    const formats = used.length > 0 ? await loadFormats(used, io.cwd) : []
    const normalizer = formats.length > 0 ? createNormalizer({formats}) : builtins
    const formatOptions = cliFormatOptions(normalizer.formats, syncOptionNames)
    const args = parseSyncArgs(argv, formatOptions)
    if (args.help) {
      io.stdout.write(`${syncHelpText(formatOptions)}\n`)
      return 0
    }
    const vault = resolve(io.cwd, args.vault)
    const problem = args.listSources ? undefined : await vaultProblem(vault, args.vault, args.dryRun)
    if (problem !== undefined) {
      io.stderr.write(`chatmark sync: ${problem}\n`)
      return 1
    }
    const config = await readVaultConfig(vault, formatOptions)
    const template = args.template ?? config.template
    const wrong = template === undefined ? undefined : templateProblem(template)
    if (wrong !== undefined) throw new UsageError(`the template \`${printable(template ?? '')}\` is wrong: ${wrong}`)
    return {args, normalizer, formatOptions, config, vault}
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(usageReport('chatmark sync', error))
    return 2
  }
}

/** The sources named on the command line and in the vault's config, the folders among them walked. */
async function gatherSources(
  {args, normalizer, config, vault}: SyncSetup,
  io: CliIo,
  home: string,
  environment: ToolEnvironment
): Promise<SyncSources> {
  const fromConfig = await configSources(config.sources, {
    vault,
    home,
    toolFolders: toolFolders(normalizer.formats, environment).folders.map((folder) => folder.path),
    allow: args.allowConfigSources
  })
  const sources: SyncSources = {
    named: [...args.inputs, ...fromConfig.paths],
    inputs: [],
    found: [],
    folders: [],
    failed: false
  }
  for (const {source, reason} of fromConfig.refused) {
    io.stderr.write(`${printable(join(args.vault, vaultConfigFile))}: sources: ${printable(source)}: ${reason}\n`)
    sources.failed = true
  }
  const vaultReal = await realpath(vault).catch(() => vault)
  for (const entry of await collectInputs(sources.named, {
    cwd: io.cwd,
    ...knownInputs(normalizer.formats),
    followSymlinks: false,
    // Sync follows no link (a vault's config could name one to anything): the file itself is to be named.
    symlinkAdvice: 'name the file it points to instead',
    // A vault's notes are no sources: read back, they would make notes of themselves every run.
    skipFolder: (location) => vaultFolder(location, vaultReal),
    // A folder that a format reads whole (a Slack export's) is one source.
    async claimsFolder(path) {
      const detection = await normalizer.detect(await inputFromFolder(resolve(io.cwd, path)))
      return notRecognised(detection) === undefined
    }
  })) {
    if (entry.kind === 'file') (entry.named ? sources.inputs : sources.found).push(resolve(io.cwd, entry.path))
    else if (entry.kind === 'folder') sources.folders.push(resolve(io.cwd, entry.path))
    else if (entry.kind === 'refused') {
      io.stderr.write(`${printable(entry.path)}: ${printable(entry.reason)}\n`)
      sources.failed = true
    } else if (entry.kind === 'skipped' && !args.quiet) {
      io.stderr.write(`${printable(entry.path)}: skipped: ${printable(entry.reason)}\n`)
    }
  }
  return sources
}

/** Whether notes are redacted: only the user's own flag keeps secrets. */
function redactChoice({args, config}: SyncSetup, io: CliIo): boolean {
  // A vault is often a shared repository, and whoever wrote its config must not turn redaction off for everyone
  // who syncs it.
  if (config.redact === false && args.redact === undefined) {
    io.stderr.write(
      `${printable(join(args.vault, vaultConfigFile))}: redact: false is ignored: a vault's config cannot keep ` +
        'secrets in notes; --no-redact does\n'
    )
  }
  return args.redact ?? true
}

/** The progress and the lines a sync prints as its events come. */
function progressLines(
  args: SyncArgs,
  progress: ReturnType<typeof syncProgress>,
  shown: (reason: string) => string
): (event: SyncEvent) => void {
  return (event) => {
    if (event.type === 'sources') progress.start(event.total)
    else if (event.type === 'source') progress.advance(event.done, event.path)
    else if (event.type === 'failed') progress.print(`${printable(event.path)}: ${shown(event.reason)}`, true)
    else if (event.type === 'skipped') {
      if (!args.quiet) progress.print(`${printable(event.path)}: skipped: ${shown(event.reason)}`, true)
    } else if (event.outcome !== 'unchanged' && !args.quiet) {
      const why = event.reason ? ` (${shown(event.reason)})` : ''
      progress.print(`${event.outcome}: ${printable(join(args.vault, event.path))}${why}`, false)
    }
  }
}

/** What the vault's `sync` is given: the sources, how notes are rendered, and who reads the sources. */
function syncOptions(
  {args, normalizer, config, vault}: SyncSetup,
  io: CliIo,
  {inputs, found, folders}: SyncSources,
  {redact, environment, onEvent}: {redact: boolean; environment: ToolEnvironment; onEvent: (event: SyncEvent) => void}
): SyncOptions {
  const wanted = (conversation: Conversation): boolean =>
    args.only.length === 0 || args.only.some((only) => matchesOnly(conversation, only))
  // With workers, they read, redact and render the sources; the notes are placed here.
  const jobs = args.jobs ?? io.cores ?? 1
  const readSources =
    jobs > 1
      ? pooledSourceReader({
          jobs,
          timeLimitMs: (args.timeLimit ?? defaultTimeLimitSeconds) * 1000,
          redact,
          only: args.only,
          use: args.use,
          cwd: io.cwd
        })
      : undefined
  const template = args.template ?? config.template
  return {
    vault,
    normalizer,
    inputs,
    found,
    folders,
    defaults: args.defaults,
    environment,
    render: renderOptions(args, config, io),
    // Over the formats' defaults for a vault (`FormatOption.syncDefault`), which the vault fills in.
    formatOptions: {...config.formatOptions, ...args.formatOptions},
    renderKey: JSON.stringify({redact, use: args.use}),
    ...(template === undefined ? {} : {template}),
    dryRun: args.dryRun,
    ...(args.since ? {since: args.since} : {}),
    ...(args.until ? {until: args.until} : {}),
    ...(args.project ? {project: args.project} : {}),
    readSources: readSources ?? readInProcess(normalizer, {...(redact ? {transform: redactSecrets} : {}), wanted}),
    ...(io.stop ? {signal: io.stop} : {}),
    onEvent
  }
}

/** The exit status of a sync that threw: 2 for a locked vault or a newer state, 1 for a vault it cannot write. */
function syncFailure(error: unknown, {args, vault}: SyncSetup, io: CliIo): number {
  if (error instanceof VaultLockedError) {
    io.stderr.write(`chatmark sync: ${printable(VaultLockedError.describe(args.vault, error.holder))}\n`)
    return 2
  }
  if (error instanceof NewerStateError) {
    io.stderr.write(`chatmark sync: ${printable(error.message)}\n`)
    return 2
  }
  if (!(error instanceof VaultWriteError)) throw error
  io.stderr.write(`chatmark sync: ${vaultWriteReport(error, vault, args.vault)}\n`)
  return 1
}

/**
 * Why a folder met in a source is not walked: it is the vault being synced (its `.chatmark` made or not yet), or
 * another vault (a folder with a `.chatmark` of its own); else `undefined`.
 */
async function vaultFolder(location: string, vaultReal: string): Promise<string | undefined> {
  if ((await realpath(location).catch(() => location)) === vaultReal)
    return 'the vault being synced: its notes and state are not read back'
  return (await isVault(location))
    ? 'another chatmark vault (it has .chatmark/): its notes are not read as sources'
    : undefined
}

/** How the notes are rendered: the flags, else the config file, else the vault's defaults (the machine's zone). */
function renderOptions(args: SyncArgs, config: VaultConfig, io: CliIo): RenderOptions {
  const pick = <T>(flag: T | undefined, configured: T | undefined): T | undefined => flag ?? configured
  const render: RenderOptions = {
    profile: pick(args.profile, config.profile) ?? 'obsidian',
    timeZone: pick(args.timeZone, config.timeZone) ?? io.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    thinking: pick(args.thinking, config.thinking) ?? true,
    notices: pick(args.notices, config.notices) ?? true,
    remoteContent: pick(args.remoteContent, config.remoteContent) ?? 'link'
  }
  const maxResultChars = pick(args.maxResultChars, config.maxResultChars)
  if (maxResultChars !== undefined) render.maxResultChars = maxResultChars
  const foldLines = pick(args.foldLines, config.foldLines)
  if (foldLines !== undefined) render.foldLines = foldLines
  return render
}
