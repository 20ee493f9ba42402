import {stat} from 'node:fs/promises'
import {join, resolve} from 'node:path'
import type {RenderOptions, ToolEnvironment} from '@chatmark/core'
import {removeEveryTemporary, removeStaleTemporaries, temporaryRun} from '@chatmark/core'
import type {BaseTexts} from './base-texts.js'
import {baseTexts, sha256Of} from './base-texts.js'
import {writeIndexes} from './index-writer.js'
import {diskFailure, NotePlacer} from './note-placer.js'
import type {ReadSourcesOptions, SourceToRead} from './read-sources.js'
import {readInProcess} from './read-sources.js'
import {renderKeyOf} from './render-key.js'
import {takeUpInterruptedRun} from './resume-run.js'
import type {Changed} from './source-changes.js'
import {changedSource} from './source-changes.js'
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

/** A changed source being read: the ids of its conversations so far, and whether some were left out. */
interface SourceReading {
  file: string
  changed: Changed
  ids: string[]
  partial: boolean
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
    // A journal is left only by a run that was stopped: what it did is taken up before anything else.
    const left = await readJournal(this.place.stateDir)
    if (left !== undefined) {
      report.resumedInterrupted = true
      await takeUpInterruptedRun(left, state, this.files, this.place.vault)
      // This run's journal replaces the one taken up at its first line: what that one did is saved first, or a
      // kill of this run would lose it (a note the person deleted meanwhile would then be written again as new).
      if (!options.dryRun) await saveState(this.place.stateDir, state, this.run)
    }
    // A run killed before its journal's first line (while its first texts were staged) left temporaries the
    // journal cannot name; under the lock, every file staged there belongs to a run that is gone.
    if (!options.dryRun) await removeEveryTemporary(join(this.place.stateDir, 'staging'))
    const formatOptions = {...syncFormatDefaults(options.normalizer.formats), ...options.formatOptions}
    const renderKey = renderKeyOf({
      render: this.render,
      formatOptions,
      template: options.template,
      formats: options.normalizer.formats.map((format) => format.name),
      extra: options.renderKey
    })
    const rerender = !loaded.fresh && state.renderKey !== undefined && state.renderKey !== renderKey
    if (rerender) report.rerendered = true
    state.renderKey = renderKey
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
    // First what changed (a stat, at most a hash each), then those sources are read, in order.
    let done = 0
    const changed = new Map<string, Changed>()
    const unchanged: SourceRecord[] = []
    for (const source of sources) {
      const found = await changedSource(source, state.sources[source.path], {
        companions: () => this.companions(source),
        pending: (id) => state.notes[id]?.beside !== undefined,
        force: rerender
      })
      if ('failed' in found) {
        this.fail(source.path, found.failed)
        this.advance(source.path, ++done, sources.length)
      } else if ('unchanged' in found) {
        unchanged.push(found.unchanged)
        this.advance(source.path, ++done, sources.length)
      } else changed.set(source.path, found)
    }
    const read = options.readSources ?? readInProcess(options.normalizer)
    const readOptions: ReadSourcesOptions = {
      formatOptions,
      prepare: {
        render: this.render,
        ...(options.template === undefined ? {} : {template: options.template}),
        placedByUser: placer.placedByUser()
      },
      ...(options.since ? {since: options.since} : {}),
      ...(options.until ? {until: options.until} : {}),
      ...(options.project ? {project: options.project} : {}),
      // Texts are staged on the vault's disk by whoever renders them, and linked into place from there.
      ...(options.dryRun
        ? {}
        : {
            staging: {
              folder: join(this.place.stateDir, 'staging'),
              bases: join(this.place.stateDir, 'base'),
              run: this.run,
              sync: true
            }
          })
    }
    let current: SourceReading | undefined
    const toRead = sources.filter((source) => changed.has(source.path))
    const finish = (file: string): void => {
      current = undefined
      this.advance(file, ++done, sources.length)
    }
    for await (const event of read(toRead, readOptions)) {
      if (current?.file !== event.file) {
        const known = changed.get(event.file)
        if (!known) continue
        report.sourcesRead++
        current = {file: event.file, changed: known, ids: [], partial: false}
      }
      switch (event.type) {
        case 'note':
          current.ids.push(event.note.id)
          if (!(await placer.place(event.note, event.file, event.ready))) current.partial = true
          break
        case 'left-out':
          current.ids.push(event.id)
          current.partial = true
          break
        case 'note-failed':
          // The vault's disk is full or read-only: every note to come would fail too.
          if (diskFailure(event)) throw Object.assign(new Error(event.reason), {code: event.code})
          current.ids.push(event.id)
          current.partial = true
          this.fail(`${event.file} (conversation ${event.id})`, event.reason)
          break
        case 'skipped':
          this.skip(event.file, event.reason)
          await this.recordSource(state.sources, current, {skipped: event.reason})
          finish(event.file)
          break
        case 'end':
          if (event.fatal !== undefined) {
            // Its notes stay as they are, those read before the failure updated; it is read again next time.
            this.fail(event.file, event.fatal)
            if (current.ids.length > 0) await this.recordSource(state.sources, current, {partial: true})
          } else await this.recordSource(state.sources, current, current.partial ? {partial: true} : {})
          finish(event.file)
          break
      }
      // Stopped: the sources not read yet are read next time; what was placed is kept.
      if (options.signal?.aborted && current === undefined) {
        report.interrupted = true
        break
      }
    }
    // Texts staged for notes that were not placed (the run was stopped, a note failed): this run's own, removed.
    if (!options.dryRun) await removeStaleTemporaries(join(this.place.stateDir, 'staging'), Date.now(), this.run)
    // Counted once every note is placed: a conversation also read from a changed source is not unchanged.
    for (const record of unchanged) placer.countUnchanged(record)
    // A source named once (an export) is not read by later runs that do not name it; it is gone only from the disk.
    const present = new Set(sources.map((source) => source.path))
    for (const path of Object.keys(state.sources)) {
      if (!present.has(path) && !(await stat(path).catch(() => undefined))) report.missingSources.push(path)
    }
    await placer.linkParents()
    if (placer.changed || loaded.fresh) await writeIndexes(placer, state)
    await this.files.syncFolders()
    if (!options.dryRun) {
      const text = stateText(state)
      if (text !== loaded.text || left !== undefined) {
        await this.journal.flush()
        await saveState(this.place.stateDir, state, this.run)
      }
      if (placer.changed || left !== undefined) {
        // A note of version 1 not written since has its base under the name of its id's hash.
        const referenced = new Set(
          Object.entries(state.notes).map(([id, note]) => (note.base === '' ? sha256Of(id) : note.base))
        )
        await this.bases.keepOnly(referenced)
      }
      await this.journal.remove()
    }
    return report
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
