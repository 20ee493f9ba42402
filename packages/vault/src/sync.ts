import {realpath, stat} from 'node:fs/promises'
import {homedir} from 'node:os'
import {join, resolve} from 'node:path'
import type {Normalizer, RenderOptions, ToolEnvironment} from '@chatmark/core'
import type {SourceReader} from './read-sources.js'
import {within} from './path-within.js'
import {SyncRun} from './sync-run.js'
import {checkStateFolder, stateFolderName} from './state-folder.js'
import {lockVault} from './vault-lock.js'
import {VaultWriteError, vaultWriteError} from './vault-write-error.js'

/** What happened to a note in a sync. */
export type NoteOutcome = 'new' | 'updated' | 'unchanged' | 'renamed' | 'kept'

/** Something a sync reports as it goes (for a progress bar, or a list of paths). */
export type SyncEvent =
  | {type: 'sources'; total: number}
  | {type: 'source'; path: string; done: number; total: number}
  | {type: 'note'; outcome: NoteOutcome; path: string; reason?: string}
  | {type: 'skipped'; path: string; reason: string}
  | {type: 'failed'; path: string; reason: string}

/** Options for {@link sync}. */
export interface SyncOptions {
  /** The notes folder; made if missing. */
  vault: string
  /** Reads the sources (the CLI's: every built-in format); its formats say where their tools keep sessions. */
  normalizer: Normalizer
  /** Files named to read besides the tools' folders, already expanded: each is read whatever a detector thinks. */
  inputs?: readonly string[]
  /** Files found in folders named to read: each becomes notes only when a format recognises it. */
  found?: readonly string[]
  /** Folders named to read, each one input (an export's folder that a format reads whole). */
  folders?: readonly string[]
  /** Read the tools' own folders (`FormatPlugin.tool`). Default: `true`. */
  defaults?: boolean
  /** Where the tools' folders are. Default: this machine's home folder, `process.env` and platform. */
  environment?: ToolEnvironment
  /** Where notes go (`defaultTemplate`). */
  template?: string
  /** How notes are rendered. Default: the `obsidian` profile. */
  render?: RenderOptions
  /**
   * Format options for every source, over the formats' own defaults for a
   * vault (`syncFormatDefaults`: Claude Code's `subagents`, so that a
   * subagent's work is shown under its call).
   */
  formatOptions?: Record<string, unknown>
  /**
   * Anything else that changes the notes, as text (the CLI's: whether secrets
   * are redacted). When it, the render options, the format options, the
   * template or the registered formats change, every source is read again
   * and every note rendered again (and merged with the person's edits).
   */
  renderKey?: string
  /** Say what would be done, write nothing. */
  dryRun?: boolean
  /** Only conversations updated on or after this day (`YYYY-MM-DD`). */
  since?: string
  /** Only conversations started on or before this day (`YYYY-MM-DD`). */
  until?: string
  /** Only conversations whose project path contains this. */
  project?: string
  /**
   * Files that belong to a source and change it. Default: what the formats'
   * tools say (`ToolDescriptor.companions`: a Claude Code session's subagent
   * transcripts, an OpenCode database's write-ahead log).
   */
  companions?: (path: string) => Promise<string[]>
  /**
   * Reads the sources that changed and prepares their notes, in order (the
   * CLI's: on worker threads). Default: {@link readInProcess} with `normalizer`.
   */
  readSources?: SourceReader
  /** Aborting stops the run after the note being placed: what was placed is kept, the state written. */
  signal?: AbortSignal
  onEvent?: (event: SyncEvent) => void
  /** The clock (tests). */
  now?: () => Date
}

/** What a sync did: counts by outcome, and the paths worth naming. */
export interface SyncReport {
  counts: Record<NoteOutcome | 'failed' | 'skipped', number>
  /** Notes kept as the person left them, with where the new version went (or why it was not written). */
  kept: Array<{path: string; reason: string}>
  failed: Array<{path: string; reason: string}>
  /** Files no format recognised well enough, read in this run (each once), with the reason. */
  skipped: Array<{path: string; reason: string}>
  /** Sources read before that are gone from the disk; their notes are kept. */
  missingSources: string[]
  /** The tools' folders looked in, and whether each is there. */
  toolFolders: Array<{tool: string; path: string; found: boolean; setBy?: string}>
  /** Formats whose description of their tool's folders could not be used. */
  toolProblems: string[]
  /** The state file could not be trusted: set aside here, and the state rebuilt from the notes. */
  stateSetAside?: {path: string; reason: string}
  /** An earlier run was stopped before it finished: this run took up what it had done. */
  resumedInterrupted?: boolean
  /** The notes were rendered again, every one, because the options that render them changed. */
  rerendered?: boolean
  /** The run was stopped (`signal`) before it read every source; the rest is read next time. */
  interrupted?: boolean
  /**
   * Other vaults inside this one (folders with a `.chatmark` of their own), vault paths: their notes are theirs,
   * never found by id nor adopted by this vault. Listed when this run looked through its notes.
   */
  otherVaults: string[]
  sourcesRead: number
  sourcesUnchanged: number
}

/**
 * Keeps a notes folder in sync with the tools' folders and the given inputs:
 * a source unchanged since the last run (by size and time, then by hash) is
 * not read; each conversation's note is found by the conversation's id (a
 * renamed conversation renames its note, a conversation that moved to another
 * file keeps it); a note that holds anything a person wrote is merged with
 * the new version (`mergeNote`) or, when that cannot be done safely, kept as
 * it is with the new version beside it. Nothing is deleted because a source
 * disappeared. One run at a time holds the vault (a lock the system takes
 * back from a process that died), every file is written atomically, and a
 * journal lets the next run take up one that was stopped at any point.
 *
 * A vault that cannot be written (a full or read-only disk, a folder it may
 * not write, a file of its own that is not what it should be) stops the run
 * with a {@link VaultWriteError} naming the path and counting what was written.
 */
export async function sync(options: SyncOptions): Promise<SyncReport> {
  const vault = resolve(options.vault)
  const stateDir = join(vault, stateFolderName)
  let run: SyncRun | undefined
  try {
    const info = await stat(vault).catch(() => undefined)
    if (info !== undefined && !info.isDirectory())
      throw new VaultWriteError(vault, 'it is a file, not a folder of notes')
    await checkStateFolder(stateDir)
    const vaultReal = await realpath(vault)
    const unlock = await lockVault(stateDir, options.vault)
    try {
      const environment = options.environment ?? {home: homedir(), env: process.env, platform: process.platform}
      run = new SyncRun(options, {vault, vaultReal, stateDir, environment})
      return await run.sync()
    } finally {
      await unlock()
    }
  } catch (error) {
    const failure = vaultWriteError(error, vault)
    // An error of a path outside the vault (a source's) is not the vault's.
    if (failure === undefined || within(vault, failure.path) === undefined) throw error
    const {counts} = run?.report ?? {counts: undefined}
    failure.written = {notes: counts === undefined ? 0 : counts.new + counts.updated + counts.renamed}
    throw failure
  }
}
