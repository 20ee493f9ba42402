import {createHash} from 'node:crypto'
import {createReadStream} from 'node:fs'
import {lstat, mkdir, readFile, realpath, stat, unlink} from 'node:fs/promises'
import {homedir} from 'node:os'
import {join, relative, resolve, sep} from 'node:path'
import type {Conversation, Input, Normalizer, PathInputOptions, RenderOptions} from '@chatmark/core'
import {
  attachmentsOf,
  conversationTitle,
  inputFromPath,
  markdownWriter,
  syncFolder,
  toolName,
  writeFileAtomically
} from '@chatmark/core'
import type {BaseTexts} from './base-texts.js'
import {baseTexts} from './base-texts.js'
import type {SourceEnvironment} from './default-sources.js'
import {defaultSources} from './default-sources.js'
import {indexNotes} from './index-notes.js'
import {mergeNote} from './merge-note.js'
import {defaultTemplate, notePath, numberedNotePath} from './note-path.js'
import {noteIds} from './note-ids.js'
import {parentIdOf, parentLink, withParentProperty} from './parent-link.js'
import {sourceFiles} from './source-files.js'
import {saveAttachments} from './vault-attachments.js'
import {lockVault} from './vault-lock.js'
import type {NoteRecord, SourceRecord, VaultState} from './vault-state.js'
import {loadState, safeRelativePath, saveState} from './vault-state.js'

/** What happened to a note in a sync. */
export type NoteOutcome = 'new' | 'updated' | 'unchanged' | 'renamed' | 'kept'

/** Something a sync reports as it goes (for a progress bar, or a list of paths). */
export type SyncEvent =
  | {type: 'sources'; total: number}
  | {type: 'source'; path: string; done: number; total: number}
  | {type: 'note'; outcome: NoteOutcome; path: string; reason?: string}
  | {type: 'failed'; path: string; reason: string}

/** Options for {@link sync}. */
export interface SyncOptions {
  /** The notes folder; made if missing. */
  vault: string
  /** Reads the sources (the CLI's normalizer: every built-in format). */
  normalizer: Normalizer
  /** Files to read besides the tools' folders (and the vault's config file's `sources`), already expanded. */
  inputs?: readonly string[]
  /** Read the tools' own folders ({@link defaultSources}). Default: `true`. */
  defaults?: boolean
  /** Where the tools' folders are. Default: the home folder and `process.env`. */
  environment?: SourceEnvironment
  /** Where notes go ({@link defaultTemplate}). */
  template?: string
  /** How notes are rendered. Default: the `obsidian` profile. */
  render?: RenderOptions
  /** Format options for every source. Default: `{subagents: true}` (a subagent's work is shown under its call). */
  formatOptions?: Record<string, unknown>
  /** Say what would be done, write nothing. */
  dryRun?: boolean
  /** Only conversations updated on or after this day (`YYYY-MM-DD`). */
  since?: string
  /** Only conversations started on or before this day (`YYYY-MM-DD`). */
  until?: string
  /** Only conversations whose project path contains this. */
  project?: string
  /** Any other filter (the CLI's `--only`). */
  wanted?: (conversation: Conversation) => boolean
  /** Applied to each conversation before anything sees it (the CLI's secret redaction). */
  transform?: (conversation: Conversation) => Conversation | Promise<Conversation>
  /** Files that belong to a source and change it (a Claude Code session's subagent transcripts). */
  companions?: (path: string) => Promise<string[]>
  /**
   * Reads the sources that changed, in order, `transform` applied (the CLI's:
   * on worker threads). Default: one after another with `normalizer`.
   */
  readSources?: SourceReader
  onEvent?: (event: SyncEvent) => void
  /** The clock (tests). */
  now?: () => Date
}

/**
 * Reads `files` with `formatOptions` (rendering with `render` to come) and
 * gives, file after file, each conversation as it is read (transformed), then
 * how the file ended: the reason it failed, if it did.
 */
export type SourceReader = (
  files: readonly string[],
  options: {formatOptions: Record<string, unknown>; render?: RenderOptions}
) => AsyncIterable<SourceEvent>

/** What a {@link SourceReader} gives: a conversation of a file, or the end of a file. */
export type SourceEvent =
  | {type: 'conversation'; file: string; conversation: Conversation}
  | {type: 'end'; file: string; fatal?: string}

/** What a sync did: counts by outcome, and the paths worth naming. */
export interface SyncReport {
  counts: Record<NoteOutcome | 'failed', number>
  /** Notes kept as the person left them, with where the new version went (or why it was not written). */
  kept: Array<{path: string; reason: string}>
  failed: Array<{path: string; reason: string}>
  /** Sources read before that are gone; their notes are kept. */
  missingSources: string[]
  /** The state file could not be trusted: set aside here, and the state rebuilt from the notes. */
  stateSetAside?: {path: string; reason: string}
  sourcesRead: number
  sourcesUnchanged: number
}

/**
 * Keeps a notes folder in sync with the tools' folders and the given inputs:
 * a source unchanged since the last run (by size and time, then by hash) is
 * not read; each conversation's note is found by the conversation's id (a
 * renamed conversation renames its note, a conversation that moved to another
 * file keeps it); a note the person edited is merged with the new version
 * ({@link mergeNote}) or, when that cannot be done safely, kept as it is with
 * the new version beside it. Nothing is deleted because a source disappeared.
 * One run at a time holds the vault (a lock), and every file is written
 * atomically.
 */
export async function sync(options: SyncOptions): Promise<SyncReport> {
  const now = options.now ?? (() => new Date())
  const vault = resolve(options.vault)
  const stateDir = join(vault, '.chatmark')
  await mkdir(stateDir, {recursive: true})
  const vaultReal = await realpath(vault)
  const unlock = await lockVault(stateDir, options.vault)
  try {
    const run = new SyncRun(options, vault, vaultReal, stateDir, now)
    return await run.sync()
  } finally {
    await unlock()
  }
}

class SyncRun {
  readonly report: SyncReport = {
    counts: {new: 0, updated: 0, unchanged: 0, renamed: 0, kept: 0, failed: 0},
    kept: [],
    failed: [],
    missingSources: [],
    sourcesRead: 0,
    sourcesUnchanged: 0
  }
  state: VaultState = {format: 'chatmark-vault-state', version: 1, sources: {}, notes: {}}
  readonly bases: BaseTexts
  readonly render: RenderOptions
  /** Paths of notes the state knows, so a new note never takes one. */
  readonly claimed = new Set<string>()
  /** Conversations placed in this run, with their number of turns: a second source of one id keeps the longer. */
  readonly placed = new Map<string, number>()
  /** Ids of the vault's notes by path, read from their frontmatter when first needed. */
  idsInVault: Promise<Map<string, string>> | undefined
  pathsById: Promise<Map<string, string>> | undefined
  changedNotes = false
  readonly touchedFolders = new Set<string>()
  /** Notes written in this run whose parent's note was not known yet, by id: the parent's id. */
  readonly orphans = new Map<string, string>()

  constructor(
    readonly options: SyncOptions,
    readonly vault: string,
    readonly vaultReal: string,
    readonly stateDir: string,
    readonly now: () => Date
  ) {
    this.bases = baseTexts(stateDir, options.dryRun === true)
    this.render = {profile: 'obsidian', ...options.render}
  }

  get wikilinks(): boolean {
    return this.render.profile === 'obsidian'
  }

  async sync(): Promise<SyncReport> {
    const loaded = await loadState(this.stateDir, this.now())
    this.state = loaded.state
    if (loaded.setAside) this.report.stateSetAside = loaded.setAside
    for (const note of Object.values(this.state.notes)) {
      this.claimed.add(note.path)
      if (note.beside) this.claimed.add(note.beside)
    }
    const environment = this.options.environment ?? {home: homedir(), env: process.env}
    const roots = this.options.defaults === false ? [] : defaultSources(environment)
    const files = [
      ...new Set([...(await sourceFiles(roots)), ...(this.options.inputs ?? []).map((file) => resolve(file))])
    ]
    this.options.onEvent?.({type: 'sources', total: files.length})
    // First what changed (a stat, at most a hash each), then those sources are read, in order.
    let done = 0
    const changed = new Map<string, Changed>()
    const unchanged: SourceRecord[] = []
    for (const file of files) {
      const found = await this.changedSource(file)
      if (found === undefined || 'unchanged' in found) {
        if (found) unchanged.push(found.unchanged)
        this.options.onEvent?.({type: 'source', path: file, done: ++done, total: files.length})
      } else changed.set(file, found)
    }
    const read = this.options.readSources ?? readInProcess(this.options.normalizer, this.options.transform)
    let current: SourceReading | undefined
    for await (const event of read([...changed.keys()], {
      formatOptions: this.options.formatOptions ?? {subagents: true},
      render: this.render
    })) {
      if (current?.file !== event.file) current = this.startSource(event.file, changed.get(event.file))
      if (event.type === 'conversation') await this.placeConversation(current, event.conversation)
      else {
        await this.endSource(current, event.fatal)
        current = undefined
        this.options.onEvent?.({type: 'source', path: event.file, done: ++done, total: files.length})
      }
    }
    // Counted once every note is placed: a conversation also read from a changed source is not unchanged.
    for (const record of unchanged) this.unchangedSource(record)
    const present = new Set(files)
    for (const path of Object.keys(this.state.sources)) {
      if (!present.has(path)) this.report.missingSources.push(path)
    }
    await this.linkParents()
    if (this.changedNotes || loaded.fresh) await this.writeIndexes()
    await this.syncFolders()
    if (!this.options.dryRun) await saveState(this.stateDir, this.state)
    return this.report
  }

  /**
   * Whether a source changed since the last run: `undefined` when it cannot
   * be read (a failure, reported), its record when it did not change, else
   * what is known of it so far.
   */
  async changedSource(file: string): Promise<Changed | {unchanged: SourceRecord} | undefined> {
    let info: {size: number; mtimeMs: number}
    let companions: SourceRecord['companions']
    const record = this.state.sources[file]
    try {
      info = await stat(file)
      // A source read before without companions is not asked again while it is unchanged (each ask may read a
      // head and list folders); one that changed is (below).
      companions = record && !record.companions ? undefined : await this.companionsOf(file)
    } catch (error) {
      this.fail(file, reasonOf(error))
      return undefined
    }
    // A note whose edits could not be merged is tried again every run: the person may have resolved it.
    const pending = record?.conversations.some((id) => this.state.notes[id]?.beside !== undefined) === true
    const same = record !== undefined && !record.partial && !pending && sameCompanions(record.companions, companions)
    if (same && record.size === info.size && record.mtimeMs === info.mtimeMs) return {unchanged: record}
    const sha256 = await hashFile(file).catch(() => undefined)
    if (same && sha256 === record.sha256) {
      // Touched, not changed: remember the new time, so the next run need not hash it.
      record.mtimeMs = info.mtimeMs
      return {unchanged: record}
    }
    if (record && !record.companions) companions = await this.companionsOf(file).catch(() => undefined)
    return {info, sha256, companions}
  }

  /** A changed source whose conversations come next. */
  startSource(file: string, changed: Changed | undefined): SourceReading {
    this.report.sourcesRead++
    return {file, changed, ids: [], partial: false}
  }

  /** Places the note of one conversation of a source being read. */
  async placeConversation(source: SourceReading, conversation: Conversation): Promise<void> {
    source.ids.push(conversation.id)
    if (!this.wanted(conversation)) {
      source.partial = true
      return
    }
    try {
      // The input, for the files an export holds (attachments), opened once a conversation refers to one.
      const attachments = attachmentsOf(conversation).next().done === false
      if (attachments) source.input ??= inputFromPath(source.file).then((input) => this.options.normalizer.open(input))
      await this.placeNote(
        conversation,
        source.file,
        attachments ? await source.input?.catch(() => undefined) : undefined
      )
    } catch (error) {
      // One note that cannot be written costs that note; the source is read again next time.
      this.fail(`${source.file} (conversation ${conversation.id})`, reasonOf(error))
      source.partial = true
    }
  }

  /** Records a source read to its end (or failed: `fatal`). */
  async endSource(source: SourceReading | undefined, fatal: string | undefined): Promise<void> {
    if (!source) return
    const {file, changed, ids} = source
    let {partial} = source
    if (fatal !== undefined) {
      // Its notes (if any) stay as they are, those read before the failure updated; it is read again next time.
      this.fail(file, fatal)
      if (ids.length === 0) return
      partial = true
    }
    if (!changed) return
    this.state.sources[file] = {
      size: changed.info.size,
      mtimeMs: changed.info.mtimeMs,
      sha256: changed.sha256 ?? '',
      conversations: ids,
      ...(changed.companions ? {companions: changed.companions} : {}),
      ...(partial ? {partial: true} : {})
    }
  }

  unchangedSource(record: SourceRecord): void {
    this.report.sourcesUnchanged++
    for (const id of record.conversations) {
      if (this.state.notes[id] && !this.placed.has(id)) this.report.counts.unchanged++
    }
  }

  async companionsOf(file: string): Promise<SourceRecord['companions']> {
    const paths = (await this.options.companions?.(file)) ?? []
    if (paths.length === 0) return undefined
    const result: NonNullable<SourceRecord['companions']> = {}
    for (const path of paths.sort()) {
      const info = await stat(path).catch(() => undefined)
      if (info) result[path] = {size: info.size, mtimeMs: info.mtimeMs}
    }
    return result
  }

  wanted(conversation: Conversation): boolean {
    const {since, until, project, wanted} = this.options
    const last = (conversation.updatedAt ?? conversation.createdAt ?? '').slice(0, 10)
    const first = (conversation.createdAt ?? conversation.updatedAt ?? '').slice(0, 10)
    if (since && (last === '' || last < since)) return false
    if (until && (first === '' || first > until)) return false
    if (project && !(conversation.metadata.project ?? '').includes(project)) return false
    return wanted ? wanted(conversation) : true
  }

  /** Writes, updates, merges, moves or keeps the note of one conversation. */
  async placeNote(conversation: Conversation, source: string, input?: Input): Promise<void> {
    const {id} = conversation
    const turns = conversation.turns.length
    const before = this.placed.get(id)
    // The same conversation in two files (a session archived, a legacy file beside its successor): the longer wins.
    if (before !== undefined && before >= turns) return
    // Nor does a file of that id with nothing to show, read alone in a later run, empty the note another file made
    // (Gemini CLI 0.55 left a stub, the header and session context of a session it migrated, beside the session).
    if (turns === 0 && this.state.notes[id]) return
    this.placed.set(id, turns)
    const target = notePath(conversation, this.options.template ?? defaultTemplate)
    const parentId = parentIdOf(conversation)
    const parent = parentId === undefined ? undefined : this.state.notes[parentId]
    const entry = this.state.notes[id] ?? (await this.adopt(id))
    // Relative links (the gfm profile) start from the note's folder: where the person put it, else the target's
    // (a numbered name is in the same folder).
    const from = entry?.placedByUser ? entry.path : target
    const links = await saveAttachments(conversation, input, from, this, this.wikilinks)
    const render: RenderOptions =
      links.size > 0 ? {...this.render, attachmentLink: (part) => links.get(part)} : this.render
    let text = [...markdownWriter.write(conversation, render)].join('')
    if (parent) text = withParentProperty(text, parentLink(parent, target, this.wikilinks))
    // A parent read later in this run is linked at its end (see `linkParents`).
    else if (parentId !== undefined) this.orphans.set(id, parentId)
    const title = conversationTitle(conversation)
    const facts = {
      title,
      tool: toolName(conversation),
      turns,
      source,
      ...(conversation.createdAt ? {date: conversation.createdAt.slice(0, 10)} : {}),
      ...(conversation.metadata.project ? {project: conversation.metadata.project} : {})
    }
    if (!entry) {
      const path = await this.freePath(target)
      await this.write(path, text)
      await this.bases.save(id, text)
      this.record(id, {...facts, path, sha256: sha256Of(text)})
      this.outcome(before === undefined ? 'new' : 'updated', path)
      return
    }
    if (entry.deleted) {
      this.outcome('kept', entry.path, 'deleted by you: not written again')
      return
    }
    let current = await this.readNote(entry.path)
    if (current === undefined) {
      // Moved or renamed by the person: found by its id; else deleted, which is respected.
      const moved = await this.findById(id, entry.path)
      if (moved === undefined) {
        entry.deleted = true
        this.outcome('kept', entry.path, 'deleted by you: not written again')
        return
      }
      entry.path = moved
      entry.placedByUser = true
      current = await this.readNote(moved)
      if (current === undefined) return
    }
    const edited = sha256Of(current) !== entry.sha256
    let next = text
    if (edited) {
      const base = await this.bases.load(id)
      const merged = current === text ? text : base === undefined ? undefined : mergeNote(base, current, text)
      if (merged === undefined) {
        const beside = entry.beside ?? (await this.freePath(besidePath(entry.path)))
        await this.write(beside, text)
        this.record(id, {
          ...entry,
          ...facts,
          path: entry.path,
          sha256: entry.sha256,
          beside,
          besideSha256: sha256Of(text)
        })
        this.outcome('kept', entry.path, `your edits could not be merged: the new version is ${beside}`)
        return
      }
      next = merged
    }
    // A note stays where the person put it; else it follows its conversation's title and date.
    const path = entry.placedByUser || target === entry.path ? entry.path : await this.freePath(target, entry.path)
    if (next === current && path === entry.path) {
      await this.bases.save(id, text)
      this.record(id, {...entry, ...facts, path, sha256: sha256Of(current)}, false)
      this.outcome('unchanged', path)
      return
    }
    await this.write(path, next)
    if (path !== entry.path && !this.options.dryRun) await unlink(this.inside(entry.path)).catch(() => undefined)
    await this.bases.save(id, text)
    // The version written beside an edit that could not be merged is gone once the edit merged (if unchanged).
    if (entry.beside && !this.options.dryRun) await this.removeOwn(entry.beside, entry.besideSha256)
    const {beside: _, besideSha256: __, ...rest} = entry
    this.record(id, {...rest, ...facts, path, sha256: sha256Of(next)})
    this.outcome(path === entry.path ? 'updated' : 'renamed', path)
  }

  /** A note of this id in the vault that the state does not know (the state was lost or set aside). */
  async adopt(id: string): Promise<NoteRecord | undefined> {
    if (!this.report.stateSetAside && Object.keys(this.state.notes).length > 0) return undefined
    const path = (await this.vaultPaths()).get(id)
    if (path === undefined) return undefined
    // Whether the person edited it is unknown: it is treated as edited (an empty hash matches no text).
    return {path, sha256: '', title: '', tool: '', turns: 0, source: ''}
  }

  async findById(id: string, except: string): Promise<string | undefined> {
    for (const [path, noteId] of await this.vaultIds()) if (noteId === id && path !== except) return path
    return undefined
  }

  vaultIds(): Promise<Map<string, string>> {
    this.idsInVault ??= noteIds(this.vault)
    return this.idsInVault
  }

  /** The first note of each id in the vault, by id. */
  async vaultPaths(): Promise<Map<string, string>> {
    this.pathsById ??= this.vaultIds().then((ids) => {
      const paths = new Map<string, string>()
      for (const [path, id] of ids) if (!paths.has(id)) paths.set(id, path)
      return paths
    })
    return this.pathsById
  }

  record(id: string, note: NoteRecord, changed = true): void {
    this.state.notes[id] = note
    this.claimed.add(note.path)
    if (note.beside) this.claimed.add(note.beside)
    if (changed) this.changedNotes = true
  }

  outcome(outcome: NoteOutcome, path: string, reason?: string): void {
    this.report.counts[outcome]++
    if (outcome === 'kept') this.report.kept.push({path, reason: reason ?? 'kept'})
    this.options.onEvent?.({type: 'note', outcome, path, ...(reason ? {reason} : {})})
  }

  fail(path: string, reason: string): void {
    this.report.counts.failed++
    this.report.failed.push({path, reason})
    this.options.onEvent?.({type: 'failed', path, reason})
  }

  /** `target`, or `target 2`, `target 3`... : the first that no file and no other note holds (`own` is this note's). */
  async freePath(target: string, own?: string): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const candidate = numberedNotePath(target, attempt)
      if (candidate === own) return candidate
      if (this.claimed.has(candidate)) continue
      if (await lstat(this.inside(candidate)).catch(() => undefined)) continue
      return candidate
    }
  }

  /** The text of a note that is a regular file in the vault, or `undefined`. */
  async readNote(path: string): Promise<string | undefined> {
    const location = this.inside(path)
    const info = await lstat(location).catch(() => undefined)
    if (!info?.isFile()) return undefined
    return readFile(location, 'utf8')
  }

  async write(path: string, text: string | Uint8Array): Promise<void> {
    if (this.options.dryRun) return
    const location = this.inside(path)
    const folder = await this.folderOf(path)
    // Each note is synced; its folder once, at the end of the run (see `syncFolders`).
    await writeFileAtomically(location, text, {sync: 'file'})
    this.touchedFolders.add(folder)
  }

  /**
   * The folder of a vault path, made where missing, one level at a time: a
   * level that is a link (or not a folder) is never followed or made through,
   * since it could take the note out of the vault.
   */
  async folderOf(path: string): Promise<string> {
    const segments = path.split('/').slice(0, -1)
    let folder = this.vault
    for (const [index, segment] of segments.entries()) {
      folder = join(folder, segment)
      const info = await lstat(folder).catch(() => undefined)
      if (info?.isDirectory()) continue
      const where = segments.slice(0, index + 1).join('/')
      if (info)
        throw new Error(`${where} leads out of the vault (${info.isSymbolicLink() ? 'a link' : 'not a folder'})`)
      await mkdir(folder).catch((error: unknown) => {
        if ((error as {code?: unknown}).code !== 'EEXIST') throw error
      })
    }
    const real = await realpath(folder)
    if (real !== this.vaultReal && !real.startsWith(`${this.vaultReal}${sep}`)) {
      throw new Error(`${segments.join('/')} leads out of the vault`)
    }
    return folder
  }

  /** Makes the renames of the run durable: each folder a note was written into, synced once. */
  async syncFolders(): Promise<void> {
    for (const folder of this.touchedFolders) await syncFolder(folder)
  }

  /** Removes a file of chatmark's own while it still has the text chatmark wrote; one someone changed stays. */
  async removeOwn(path: string, sha256: string | undefined): Promise<void> {
    const text = await this.readNote(path)
    if (text !== undefined && sha256Of(text) === sha256) await unlink(this.inside(path)).catch(() => undefined)
  }

  inside(path: string): string {
    if (!safeRelativePath(path)) throw new Error(`${path} is not a path inside the vault`)
    const location = join(this.vault, ...path.split('/'))
    if (relative(this.vault, location).startsWith('..')) throw new Error(`${path} is outside the vault`)
    return location
  }

  /**
   * Adds the `parent` property to the notes of this run whose parent's note
   * came later in it, while each is as chatmark wrote it (a note's base gets
   * it too, so a later merge sees no change of the person's).
   */
  async linkParents(): Promise<void> {
    for (const [id, parentId] of this.orphans) {
      const note = this.state.notes[id]
      const parent = this.state.notes[parentId]
      if (!note || !parent || note.beside !== undefined) continue
      const current = this.options.dryRun ? undefined : await this.readNote(note.path)
      if (current === undefined || sha256Of(current) !== note.sha256) continue
      const linked = withParentProperty(current, parentLink(parent, note.path, this.wikilinks))
      await this.write(note.path, linked)
      const base = await this.bases.load(id)
      if (base !== undefined)
        await this.bases.save(id, withParentProperty(base, parentLink(parent, note.path, this.wikilinks)))
      note.sha256 = sha256Of(linked)
    }
  }

  /** Writes the index notes, with the same care as conversations' notes (an edited one is kept). */
  async writeIndexes(): Promise<void> {
    const notes = new Map(Object.entries(this.state.notes).filter(([id]) => !id.startsWith('chatmark-index:')))
    for (const index of indexNotes(notes, this.render.profile === 'obsidian')) {
      const entry = this.state.notes[index.id]
      if (!entry) {
        const path = await this.freePath(index.path)
        await this.write(path, index.text)
        this.state.notes[index.id] = {
          path,
          sha256: sha256Of(index.text),
          title: index.title,
          tool: '',
          turns: 0,
          source: ''
        }
        continue
      }
      const current = await this.readNote(entry.path)
      if (current === index.text) continue
      // An index the person edited or removed is theirs.
      if (current === undefined || sha256Of(current) !== entry.sha256) continue
      await this.write(entry.path, index.text)
      entry.sha256 = sha256Of(index.text)
    }
  }
}

/** A name beside a note for the version that could not be merged into it: `Note (chatmark).md`. */
/** What is known of a source that changed, before it is read. */
interface Changed {
  info: {size: number; mtimeMs: number}
  sha256: string | undefined
  companions: SourceRecord['companions']
}

/** A changed source being read: the ids of its conversations so far, and whether some were left out. */
interface SourceReading {
  file: string
  changed: Changed | undefined
  ids: string[]
  partial: boolean
  input?: Promise<Input | undefined>
}

/**
 * The default {@link SourceReader}: each file read in turn by `normalizer`,
 * `transform` applied (the CLI's workers read their sources with it too,
 * `blocking`: see `PathInputOptions`).
 */
export function readInProcess(
  normalizer: Normalizer,
  transform: SyncOptions['transform'],
  {blocking = false}: PathInputOptions = {}
): SourceReader {
  return async function* (files, {formatOptions, render}) {
    for (const file of files) {
      let fatal: string | undefined
      try {
        const reading = await normalizer.read(await inputFromPath(file, {blocking}), {
          formatOptions,
          ...(render ? {render} : {})
        })
        for await (const read of reading.conversations) {
          yield {type: 'conversation', file, conversation: transform ? await transform(read) : read}
        }
        fatal = reading.file.messages.find((message) => message.fatal)?.reason
      } catch (error) {
        fatal = reasonOf(error)
      }
      yield fatal === undefined ? {type: 'end', file} : {type: 'end', file, fatal}
    }
  }
}

function besidePath(path: string): string {
  return path.replace(/\.md$/, ' (chatmark).md')
}

function sameCompanions(a: SourceRecord['companions'], b: SourceRecord['companions']): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {})
}

function sha256Of(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
