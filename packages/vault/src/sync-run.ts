import {stat} from 'node:fs/promises'
import {join, resolve} from 'node:path'
import type {RenderOptions, ToolEnvironment} from '@chatmark/core'
import {removeEveryTemporary, removeStaleTemporaries, temporaryRun} from '@chatmark/core'
import type {BaseTexts} from './base-texts.js'
import {baseTexts, sha256Of} from './base-texts.js'
import {writeIndexes} from './index-writer.js'
import type {SourceReading, SourcesPhase} from './sources-phase.js'
import {readChanged, sortSources} from './sources-phase.js'
import {NotePlacer} from './note-placer.js'
import type {SourceToRead} from './read-sources.js'
import {renderKeyOf} from './render-key.js'
import {takeUpInterruptedRun} from './resume-run.js'
import {sourceFiles} from './source-files.js'
import {StateJournal, readJournal} from './state-journal.js'
import type {SyncOptions, SyncReport} from './sync.js'
import {toolFolders} from './tool-folders.js'
import {VaultFiles} from './vault-files.js'
import {within} from './path-within.js'
import {stateFolderName} from './state-folder.js'
import type {SourceRecord, VaultState} from './vault-state.js'
import {loadState, saveState, stateText} from './vault-state.js'
import {syncFormatDefaults} from './sync-format-defaults.js'

/** Where a run works. */
export interface RunPlace {
  vault: string
  vaultReal: string
  stateDir: string
  environment: ToolEnvironment
}

/** One sync of a vault, from its state to its state: the sources' phase here, each note's in {@link NotePlacer}. */
export class SyncRun {
  readonly report: SyncReport = {
    counts: {new: 0, updated: 0, unchanged: 0, renamed: 0, kept: 0, failed: 0, skipped: 0},
    kept: [],
    failed: [],
    skipped: [],
    missingSources: [],
    toolFolders: [],
    toolProblems: [],
    otherVaults: [],
    sourcesRead: 0,
    sourcesUnchanged: 0
  }
  readonly render: RenderOptions
  readonly now: () => Date
  readonly run = temporaryRun()
  readonly files: VaultFiles
  readonly bases: BaseTexts
  readonly journal: StateJournal
  /** The format of each source found in a tool's folder. */
  readonly #formatOf = new Map<string, string>()
  /** Each format's `companions`, by format name. */
  #companions: Map<string, (path: string) => Promise<string[]>> | undefined
  /** The paths of the notes the state knows (and the versions beside them), when first needed. */
  #paths: Set<string> | undefined

  constructor(
    readonly options: SyncOptions,
    readonly place: RunPlace
  ) {
    this.now = options.now ?? (() => new Date())
    this.render = {profile: 'obsidian', ...options.render}
    const dryRun = options.dryRun === true
    this.files = new VaultFiles(place.vault, place.vaultReal, this.run, dryRun)
    this.bases = baseTexts(place.stateDir, dryRun, this.run)
    this.journal = new StateJournal(place.stateDir, this.run, dryRun)
  }

  /**
   * Runs the sync; a run that fails leaves its journal (closed) for the next to take up, and none of the texts it
   * staged (its readers are done by then: a reader stops when the run stops taking its events).
   */
  async sync(): Promise<SyncReport> {
    try {
      return await this.#sync()
    } catch (error) {
      if (!this.options.dryRun) await removeEveryTemporary(join(this.place.stateDir, 'staging')).catch(() => undefined)
      throw error
    } finally {
      await this.journal.close()
    }
  }

  async #sync(): Promise<SyncReport> {
    const {options, report} = this
    const loaded = await loadState(this.place.stateDir, this.now())
    const state = loaded.state
    if (loaded.setAside) report.stateSetAside = loaded.setAside
    const left = await this.#takeUpLeftRun(state)
    const formatOptions = {...syncFormatDefaults(options.normalizer.formats), ...options.formatOptions}
    const rerender = this.#setRenderKey(state, loaded.fresh, formatOptions)
    const placer = new NotePlacer(this, state, {
      scanVault: loaded.fresh || left !== undefined,
      legacy: loaded.legacy === true
    })
    const sources = (await this.sources()).filter((source) => {
      const reason = this.ownFile(source, state)
      if (reason !== undefined) this.skip(source.path, reason)
      return reason === undefined
    })
    options.onEvent?.({type: 'sources', total: sources.length})
    const phase: SourcesPhase = {state, placer, total: sources.length, done: 0, changed: new Map(), current: undefined}
    // First what changed (a stat, at most a hash each), then those sources are read, in order.
    const unchanged = await sortSources(this, phase, sources, rerender)
    await readChanged(
      this,
      phase,
      sources.filter((source) => phase.changed.has(source.path)),
      formatOptions
    )
    // Texts staged for notes that were not placed (the run was stopped, a note failed): this run's own, removed.
    if (!options.dryRun) await removeStaleTemporaries(join(this.place.stateDir, 'staging'), Date.now(), this.run)
    // Counted once every note is placed: a conversation also read from a changed source is not unchanged.
    for (const record of unchanged) placer.countUnchanged(record)
    await this.#noteMissingSources(state, sources)
    await placer.linkParents()
    if (placer.changed || loaded.fresh) {
      await writeIndexes(placer, state)
      await placer.linkProjects()
    }
    await this.files.syncFolders()
    if (!options.dryRun) await this.#saveRun(state, placer, loaded.text, left !== undefined)
    return report
  }

  /** Takes up what a run that was stopped left in its journal, if any; returns that journal. */
  async #takeUpLeftRun(state: VaultState): Promise<Awaited<ReturnType<typeof readJournal>>> {
    // A journal is left only by a run that was stopped: what it did is taken up before anything else.
    const left = await readJournal(this.place.stateDir)
    if (left !== undefined) {
      this.report.resumedInterrupted = true
      await takeUpInterruptedRun(left, state, this.files, this.place.vault)
      // This run's journal replaces the one taken up at its first line: what that one did is saved first, or a
      // kill of this run would lose it (a note the person deleted meanwhile would then be written again as new).
      if (!this.options.dryRun) await saveState(this.place.stateDir, state, this.run)
    }
    // A run killed before its journal's first line (while its first texts were staged) left temporaries the
    // journal cannot name; under the lock, every file staged there belongs to a run that is gone.
    if (!this.options.dryRun) await removeEveryTemporary(join(this.place.stateDir, 'staging'))
    return left
  }

  /** Records what the notes are rendered with; returns whether that changed, so that every note is rendered again. */
  #setRenderKey(state: VaultState, fresh: boolean, formatOptions: Record<string, unknown>): boolean {
    const {options} = this
    const renderKey = renderKeyOf({
      render: this.render,
      formatOptions,
      template: options.template,
      formats: options.normalizer.formats.map((format) => format.name),
      extra: options.renderKey
    })
    const rerender = !fresh && state.renderKey !== undefined && state.renderKey !== renderKey
    if (rerender) this.report.rerendered = true
    state.renderKey = renderKey
    return rerender
  }

  /** A source named once (an export) is not read by later runs that do not name it; it is gone only from the disk. */
  async #noteMissingSources(state: VaultState, sources: readonly SourceToRead[]): Promise<void> {
    const present = new Set(sources.map((source) => source.path))
    for (const path of Object.keys(state.sources)) {
      if (!present.has(path) && !(await stat(path).catch(() => undefined))) this.report.missingSources.push(path)
    }
  }

  /** Saves the state when it changed, keeps only the bases its notes refer to, and ends the journal. */
  async #saveRun(
    state: VaultState,
    placer: NotePlacer,
    loadedText: string | undefined,
    tookUp: boolean
  ): Promise<void> {
    const text = stateText(state)
    if (text !== loadedText || tookUp) {
      await this.journal.flush()
      await saveState(this.place.stateDir, state, this.run)
    }
    if (placer.changed || tookUp) {
      // A note of version 1 not written since has its base under the name of its id's hash.
      const referenced = new Set(
        Object.entries(state.notes).map(([id, note]) => (note.base === '' ? sha256Of(id) : note.base))
      )
      await this.bases.keepOnly(referenced)
    }
    await this.journal.remove()
  }

  /**
   * The sources of this run: the tools' folders (unless `defaults` is off),
   * then the files found in named folders, then the files named, each once.
   */
  async sources(): Promise<SourceToRead[]> {
    const {options, report} = this
    const byPath = new Map<string, SourceToRead>()
    if (options.defaults !== false) {
      const {folders, problems} = toolFolders(options.normalizer.formats, this.place.environment)
      report.toolProblems.push(...problems)
      for (const folder of folders) {
        const found = (await stat(folder.path).catch(() => undefined))?.isDirectory() === true
        report.toolFolders.push({
          tool: folder.tool,
          path: folder.path,
          found,
          ...(folder.setBy ? {setBy: folder.setBy} : {})
        })
      }
      for (const found of await sourceFiles(folders, options.normalizer.formats)) {
        byPath.set(found.path, {
          path: found.path,
          strict: true,
          tool: found.tool,
          ...(found.folder ? {folder: true} : {})
        })
        this.#formatOf.set(found.path, found.format)
      }
    }
    for (const file of options.found ?? []) {
      const path = resolve(file)
      if (!byPath.has(path)) byPath.set(path, {path, strict: true})
    }
    for (const file of options.inputs ?? []) {
      const path = resolve(file)
      // Named, so read whatever a detector thinks, but still a file of the tool whose folder holds it.
      const tool = byPath.get(path)?.tool
      byPath.set(path, {path, strict: false, ...(tool === undefined ? {} : {tool})})
    }
    for (const folder of options.folders ?? []) {
      const path = resolve(folder)
      byPath.set(path, {path, strict: false, folder: true})
    }
    return [...byPath.values()]
  }

  /**
   * Why a source is not read, when it is the vault's own: a note the state records, a file of `.chatmark/`, or a
   * folder that holds the vault (a sync reading its own notes back would make them again, every run).
   */
  ownFile(source: SourceToRead, state: VaultState): string | undefined {
    for (const root of new Set([this.place.vault, this.place.vaultReal])) {
      if (source.folder && within(source.path, root) !== undefined) {
        return 'it holds the vault being synced, whose notes and state are not read back'
      }
      const path = within(root, source.path)
      if (path === undefined) continue
      if (path === stateFolderName || path.startsWith(`${stateFolderName}/`)) return "chatmark's own file, not a source"
      if (this.#notePaths(state).has(path)) return 'a note of the vault being synced: not read back'
    }
    return undefined
  }

  #notePaths(state: VaultState): Set<string> {
    this.#paths ??= new Set(
      Object.values(state.notes).flatMap((note) => (note.beside ? [note.path, note.beside] : [note.path]))
    )
    return this.#paths
  }

  /** The files that belong to a source (see \`ToolDescriptor.companions\`): its tool's, else any format's. */
  async companions(source: SourceToRead): Promise<string[]> {
    if (this.options.companions) return this.options.companions(source.path)
    this.#companions ??= new Map(
      this.options.normalizer.formats.flatMap((format) => {
        const companions = format.tool?.companions
        return companions ? [[format.name, companions.bind(format.tool)] as const] : []
      })
    )
    const format = this.#formatOf.get(source.path)
    const asked =
      format === undefined ? [...this.#companions.values()] : [this.#companions.get(format)].filter((ask) => ask)
    const found: string[] = []
    for (const ask of asked) {
      const paths: unknown = await ask?.(source.path).catch(() => [])
      if (Array.isArray(paths)) for (const path of paths) if (typeof path === 'string') found.push(path)
    }
    return found
  }

  async recordSource(
    sources: Record<string, SourceRecord>,
    {file, changed, ids}: SourceReading,
    how: {partial?: boolean; skipped?: string}
  ): Promise<void> {
    // A source that changed while it was read is read again next time (what was placed stays).
    const after = await stat(file).catch(() => undefined)
    const moved = after === undefined || after.size !== changed.info.size || after.mtimeMs !== changed.info.mtimeMs
    const record: SourceRecord = {
      size: changed.info.size,
      mtimeMs: changed.info.mtimeMs,
      sha256: changed.sha256 ?? '',
      conversations: ids,
      ...(changed.companions ? {companions: changed.companions} : {}),
      ...(how.partial || moved ? {partial: true} : {}),
      ...(how.skipped === undefined ? {} : {skipped: how.skipped})
    }
    sources[file] = record
    await this.journal.append({source: file, record})
  }

  advance(path: string, done: number, total: number): void {
    this.options.onEvent?.({type: 'source', path, done, total})
  }

  fail(path: string, reason: string): void {
    this.report.counts.failed++
    this.report.failed.push({path, reason})
    this.options.onEvent?.({type: 'failed', path, reason})
  }

  skip(path: string, reason: string): void {
    this.report.counts.skipped++
    this.report.skipped.push({path, reason})
    this.options.onEvent?.({type: 'skipped', path, reason})
  }
}
