import {readFile, unlink} from 'node:fs/promises'
import type {ChatmarkFrontmatter} from '@chatmark/core'
import type {BaseText} from './base-texts.js'
import {baseBound, noBase, sha256Of} from './base-texts.js'
import type {NoteAction, NoteBase} from './note-action.js'
import {isRendering, noteAction} from './note-action.js'
import type {VaultNoteIds} from './note-ids.js'
import {noteIds} from './note-ids.js'
import {canonicalText} from './note-style.js'
import {foldedName, isNumberedPathOf, numberedNotePath} from './note-path.js'
import {projectIndexId, projectIndexPath, projectNames} from './index-notes.js'
import {linkedNote, parentLink, relinkedProject} from './parent-link.js'
import type {PreparedNote} from './prepare-note.js'
import {reasonOf} from './read-sources.js'
import type {NoteOutcome} from './sync.js'
import type {SyncRun} from './sync-run.js'
import type {NoteRecord, SourceRecord, VaultState} from './vault-state.js'
import {VaultWriteError} from './vault-write-error.js'
import {wikilink} from './wikilink.js'

/** The facts of a note's record that come from its conversation. */
type NoteFacts = Pick<NoteRecord, 'title' | 'tool' | 'turns' | 'source' | 'date' | 'time' | 'project' | 'projectLink'>

/** How many times a note is decided again when the person changed it while it was being written. */
const maxAttempts = 3

/** The suffix of the version written beside a note whose edits could not be merged: `Note (chatmark).md`. */
export const besideSuffix = ' (chatmark).md'

/**
 * Places each note of a run in the vault: new, updated, merged, moved or
 * kept, by the rule of {@link noteAction}. Every write is preceded by a line
 * of the journal saying what the note's record will be, so that a run
 * stopped at any point is taken up by the next one (see `takeUpInterruptedRun`).
 */
export class NotePlacer {
  /** Whether any note (or its record) changed: then the index notes are written again. */
  changed = false
  /** Paths of notes the state knows, folded (`foldedName`), so that a new note never takes one, whatever its case. */
  readonly #claimed = new Set<string>()
  /** The same paths as they are: a note found by its id at one of them is another conversation's. */
  readonly #recorded = new Set<string>()
  /** Conversations placed in this run, with their number of turns: a second source of one id keeps the longer. */
  readonly #placed = new Map<string, number>()
  /**
   * Notes placed in this run whose parent's note was not known yet, by id: the parent's id, their frontmatter,
   * and the link to their project's note it was written with.
   */
  readonly #orphans = new Map<
    string,
    {parentId: string; frontmatter: ChatmarkFrontmatter; project: string | undefined}
  >()
  /** Each project's index note's name (`projectNames`), and the projects they were told apart among. */
  #projectNames: {names: Map<string, string>; projects: Set<string>} | undefined
  /** The conversation id of every note in the vault, by path, read when first needed. */
  #vaultIds: Promise<VaultNoteIds> | undefined

  constructor(
    readonly run: SyncRun,
    readonly state: VaultState,
    /** `scanVault`: notes the state does not know may be in the vault (it was lost, or a run was stopped). */
    readonly how: {scanVault: boolean; legacy: boolean}
  ) {
    for (const note of Object.values(state.notes)) this.#claim(note)
  }

  get wikilinks(): boolean {
    return this.run.render.profile === 'obsidian'
  }

  /** Where the person put notes, by id: their relative links start there. */
  placedByUser(): Record<string, string> {
    const placed: Record<string, string> = {}
    for (const [id, note] of Object.entries(this.state.notes)) if (note.placedByUser) placed[id] = note.path
    return placed
  }

  /**
   * Places one note (`ready`: once its staged text is on disk); `false` when
   * it could not be (the failure is reported, and its source read again next
   * time). Its staged file, if it has one, is gone afterwards.
   */
  async place(note: PreparedNote, source: string, ready?: Promise<void>): Promise<boolean> {
    try {
      await ready
      return await this.#place(note, source)
    } catch (error) {
      // A disk that is full or read-only fails every note to come: the run stops, what it wrote stays.
      if (diskFailure(error)) throw error
      this.run.fail(`${source} (conversation ${note.id})`, reasonOf(error))
      return false
    } finally {
      for (const staged of [note.staged, note.stagedBase]) {
        if (staged !== undefined && !this.run.options.dryRun) await unlink(staged).catch(() => undefined)
      }
    }
  }

  /** Counts the notes of a source that did not change, unless a changed source placed them in this run. */
  countUnchanged(record: SourceRecord): void {
    this.run.report.sourcesUnchanged++
    for (const id of record.conversations) {
      if (this.state.notes[id] && !this.#placed.has(id)) this.run.report.counts.unchanged++
    }
  }

  /** Places a note; `false` when it is left for the next run. */
  async #place(note: PreparedNote, source: string): Promise<boolean> {
    const {id, turns} = note
    const before = this.#placed.get(id)
    // The same conversation in two files (a session archived, a legacy file beside its successor): the longer wins.
    if (before !== undefined && before >= turns) return true
    // Nor does a file of that id with nothing to show, read alone in a later run, empty the note another file made
    // (Gemini CLI 0.55 left a stub, the header and session context of a session it migrated, beside the session).
    if (turns === 0 && this.state.notes[id]) return true
    this.#placed.set(id, turns)
    for (const file of note.attachments) {
      if (!(await this.run.files.exists(file.path))) await this.run.files.create(file.path, file.bytes)
    }
    let entry = this.state.notes[id] ?? (await this.#adopt(id, note.target))
    const parent = note.parentId === undefined ? undefined : this.state.notes[note.parentId]
    let rendering: Rendering = {
      sha256: note.sha256,
      ...(note.staged ? {staged: note.staged} : {}),
      ...(note.stagedBase ? {stagedBase: note.stagedBase} : {}),
      text: note.text
    }
    // Relative links (the gfm profile) start from the note's folder: where the person put it, else the target's.
    const linkParent = parent !== undefined && !parent.deleted
    const from = entry?.placedByUser ? entry.path : note.target
    const links = {
      parent: linkParent ? parentLink(parent, from, this.wikilinks) : undefined,
      project: this.wikilinks && note.project ? this.projectLinkOf(note.project) : undefined
    }
    let projectLink: string | undefined
    if (note.frontmatter && (links.parent !== undefined || links.project !== undefined)) {
      const text = linkedNote(await textOf(rendering), note.frontmatter, {}, links, this.run.render.profile)
      if (text !== undefined) {
        rendering = {sha256: sha256Of(text), text}
        projectLink = links.project
      }
    }
    if (linkParent) this.#orphans.delete(id)
    else if (note.parentId !== undefined && note.frontmatter) {
      this.#orphans.set(id, {parentId: note.parentId, frontmatter: note.frontmatter, project: projectLink})
    }
    const day = note.createdAt ?? note.updatedAt
    const time = isoTime(note.updatedAt ?? note.createdAt)
    const facts: NoteFacts = {
      title: note.title,
      tool: note.tool,
      turns,
      source,
      ...(day && /^\d{4}-\d{2}-\d{2}/.test(day) ? {date: day.slice(0, 10)} : {}),
      ...(time ? {time} : {}),
      ...(note.project ? {project: note.project} : {}),
      ...(projectLink ? {projectLink} : {})
    }
    if (!entry) {
      await this.#create(id, note.target, rendering, facts)
      return true
    }
    if (entry.deleted) {
      this.#outcome('kept', entry.path, 'deleted by you: not written again')
      return true
    }
    let current = await this.run.files.read(entry.path)
    if (current === undefined) {
      // Moved or renamed by the person: found by its id (never the version beside it); else deleted, which is
      // respected, and the version chatmark wrote beside it goes with it (unless someone changed that).
      const moved = await this.#findById(id, entry.path, entry.beside)
      current = moved === undefined ? undefined : await this.run.files.read(moved)
      if (moved === undefined || current === undefined) {
        const {beside, besideSha256, ...rest} = entry
        if (beside) await this.run.files.removeIfUnchanged(beside, (text) => sha256Of(text) === besideSha256)
        this.#record(id, {...rest, deleted: true})
        this.#outcome('kept', entry.path, 'deleted by you: not written again')
        return true
      }
      entry = {...entry, path: moved, placedByUser: true}
      this.#record(id, entry)
    }
    const target = entry.placedByUser ? entry.path : note.target
    for (let attempt = 1; ; attempt++) {
      const next = await textOf(rendering)
      const action = noteAction(current, next, await this.#base(id, entry, current, next))
      const retry = await this.#apply(id, entry, current, action, {rendering, facts, target})
      if (retry === undefined) return true
      // The person changed the note while it was written: decided again on what they made.
      entry = retry
      current = await this.run.files.read(entry.path)
      if (current === undefined || attempt === maxAttempts) {
        this.#outcome('kept', entry.path, 'changed while chatmark wrote it: left as it is, synced again next time')
        return false
      }
    }
  }

  /** Carries out a decision; when the note changed under it, its record (moved, maybe) to decide again with. */
  async #apply(
    id: string,
    entry: NoteRecord,
    current: string,
    action: NoteAction,
    next: {rendering: Rendering; facts: NoteFacts; target: string}
  ): Promise<NoteRecord | undefined> {
    const {rendering} = next
    if (action.kind === 'keep') {
      await this.#keepBeside(id, entry, await textOf(rendering), next.facts, action.reason)
      return undefined
    }
    const {beside, besideSha256, ...rest} = entry
    let path = entry.path
    // A note stays where the person put it; else it follows its conversation's title and date.
    if (next.target !== path) {
      const free = await this.#freePath(next.target, path)
      if (free !== path) {
        await this.run.journal.append({move: id, from: path, to: free})
        if (await this.run.files.move(path, free)) path = free
      }
    }
    await this.#keepBase(rendering)
    const written = action.kind === 'unchanged' ? current : action.text
    const record: NoteRecord = {...rest, ...next.facts, path, sha256: sha256Of(written), base: rendering.sha256}
    if (action.kind !== 'unchanged') {
      await this.run.journal.append({note: id, record})
      // The rendering as it is: its staged file takes the note's place, else the text is written.
      const replaced =
        action.kind === 'write' && rendering.staged && written === rendering.text
          ? await this.run.files.replaceWithStaged(rendering.staged, path, current)
          : await this.run.files.replace(path, written, current)
      if (!replaced) {
        if (path === entry.path) return entry
        const moved = {...entry, path}
        this.#record(id, moved)
        return moved
      }
    }
    // The version written beside an edit that could not be merged goes once the edit merged (if unchanged).
    if (beside) await this.run.files.removeIfUnchanged(beside, (text) => sha256Of(text) === besideSha256)
    const moved = path !== entry.path
    this.#record(id, record, action.kind !== 'unchanged' || moved || beside !== undefined || !sameRecord(entry, record))
    this.#outcome(moved ? 'renamed' : action.kind === 'unchanged' ? 'unchanged' : 'updated', path)
    return undefined
  }

  /** Leaves the person's note as it is and writes the new version beside it (once: it is updated in place). */
  async #keepBeside(id: string, entry: NoteRecord, text: string, facts: NoteFacts, reason: string): Promise<void> {
    const ours = entry.beside === undefined ? undefined : await this.run.files.read(entry.beside)
    let beside = entry.beside
    if (beside !== undefined && ours !== undefined && sha256Of(ours) !== entry.besideSha256) beside = undefined
    const {projectLink: _written, ...rest} = facts
    // The person's note keeps the link it holds; the version beside has the new one.
    const record: NoteRecord = {
      ...entry,
      ...rest,
      path: entry.path,
      sha256: entry.sha256,
      base: entry.base,
      ...(entry.projectLink ? {projectLink: entry.projectLink} : {})
    }
    if (beside !== undefined && ours === text) {
      this.#record(id, {...record, beside, besideSha256: sha256Of(text)}, false)
    } else {
      for (;;) {
        beside ??= await this.#freePath(besidePath(entry.path))
        const besideRecord = {...record, beside, besideSha256: sha256Of(text)}
        await this.run.journal.append({note: id, record: besideRecord})
        const done =
          ours !== undefined && beside === entry.beside
            ? await this.run.files.replace(beside, text, ours)
            : await this.run.files.create(beside, text)
        if (done) {
          this.#record(id, besideRecord)
          break
        }
        this.claim(beside)
        beside = undefined
      }
    }
    this.#outcome('kept', entry.path, `your edits could not be merged (${reason}): the new version is ${beside}`)
  }

  /** Writes a conversation's first note, at the template's place (numbered when it is taken). */
  async #create(id: string, target: string, rendering: Rendering, facts: NoteFacts): Promise<void> {
    await this.#keepBase(rendering)
    const {sha256, staged, text} = rendering
    for (;;) {
      const path = await this.#freePath(target)
      const record: NoteRecord = {...facts, path, sha256, base: sha256}
      await this.run.journal.append({note: id, record})
      const placed = staged
        ? await this.run.files.placeStaged(staged, path)
        : await this.run.files.create(path, text ?? '')
      if (placed) {
        this.#record(id, record)
        this.#outcome('new', path)
        return
      }
      // Something was put there meanwhile: the next name.
      this.claim(path)
    }
  }

  /**
   * A note of this id in the vault that the state does not know (the state
   * was lost, or a run stopped before it said what it wrote): found by the id
   * in its frontmatter. It is chatmark's own while it is a rendering chatmark
   * kept as a base; otherwise it is treated as the person's. Found anywhere
   * but at `target` (or a numbered name of it), it was put there by the
   * person, and stays (a stopped run's note they moved before the next).
   */
  async #adopt(id: string, target: string): Promise<NoteRecord | undefined> {
    const found = await this.unknownNote(id)
    if (found === undefined) return undefined
    const {path, current} = found
    const record: NoteRecord = {
      path,
      sha256: sha256Of(current),
      base: await this.renderingOf(current),
      title: '',
      tool: '',
      turns: 0,
      source: ''
    }
    if (!isNumberedPathOf(path, target)) record.placedByUser = true
    this.#record(id, record)
    return record
  }

  /**
   * A note of this id in the vault that no record names, and its text, when the state may not know every note
   * (see `how.scanVault`).
   */
  async unknownNote(id: string): Promise<{path: string; current: string} | undefined> {
    if (!this.how.scanVault) return undefined
    const path = await this.#findById(id, undefined)
    if (path === undefined || this.#recorded.has(path)) return undefined
    const current = await this.run.files.read(path)
    return current === undefined ? undefined : {path, current}
  }

  /**
   * The SHA-256 of the rendering kept as a base that a note is (as it is, or but for how an editor saved it: see
   * `NoteStyle`), or `''`: then it holds something a person wrote.
   */
  async renderingOf(current: string): Promise<string> {
    for (const text of new Set([current, canonicalText(current)])) {
      const sha256 = sha256Of(text)
      // A base of this text is exactly as long as it.
      if ('text' in (await this.run.bases.load(sha256, Buffer.byteLength(text)))) return sha256
    }
    return ''
  }

  /** Keeps a rendering as the base of later merges (a staged one's gzipped text is moved into place). */
  async #keepBase(rendering: Rendering): Promise<void> {
    if (rendering.staged === undefined) await this.run.bases.save(await textOf(rendering), rendering.sha256)
    else if (rendering.stagedBase !== undefined) await this.run.bases.adopt(rendering.stagedBase, rendering.sha256)
  }

  /**
   * What is known of the rendering a note was last written from: its text is read only when the note is not that
   * rendering (it is merged against it), and expanded to a bound (`baseBound`).
   */
  async #base(id: string, entry: NoteRecord, current: string, next: string): Promise<NoteBase> {
    if (isRendering(current, entry.base)) return {sha256: entry.base, text: undefined}
    const bound = baseBound(Buffer.byteLength(current), Buffer.byteLength(next))
    let found: BaseText = {problem: noBase}
    if (entry.base !== '') found = await this.run.bases.load(entry.base, bound)
    else if (this.how.legacy) found = await this.run.bases.loadLegacy(id, bound)
    return 'text' in found
      ? {sha256: entry.base, text: found.text}
      : {sha256: entry.base, text: undefined, problem: found.problem}
  }

  /** The note of an id in the vault (not `except`, nor `beside`): one not written beside a note, if any. */
  async #findById(id: string, except: string | undefined, beside?: string): Promise<string | undefined> {
    this.#vaultIds ??= noteIds(this.run.place.vault).then((found) => {
      this.run.report.otherVaults.push(...found.otherVaults)
      return found
    })
    let found: string | undefined
    for (const [path, noteId] of (await this.#vaultIds).ids) {
      if (noteId !== id || path === except || path === beside) continue
      if (!path.endsWith(besideSuffix)) return path
      found ??= path
    }
    return found
  }

  /**
   * `target`, or `target 2`, `target 3`... : the first that no file and no other note holds (`own` is this
   * note's), compared as a disk that ignores case and normalisation compares names (`Hello.md` holds `hello.md`).
   */
  async #freePath(target: string, own?: string): Promise<string> {
    const mine = own === undefined ? undefined : foldedName(own)
    for (let attempt = 1; ; attempt++) {
      const candidate = numberedNotePath(target, attempt)
      const folded = foldedName(candidate)
      // Its own name, or its own in another case (the conversation's title changed case): it is moved to it.
      if (candidate === own || folded === mine) return candidate
      if (this.#claimed.has(folded)) continue
      if (await this.run.files.exists(candidate)) continue
      if (await this.run.files.takenFolded(candidate)) continue
      return candidate
    }
  }

  /** The path a new note of chatmark's own may take (an index note's). */
  freePath(target: string): Promise<string> {
    return this.#freePath(target)
  }

  #record(id: string, note: NoteRecord, changed = true): void {
    const before = this.state.notes[id]
    if (changed || !before || !sameRecord(before, note)) this.run.journal.write({note: id, record: note, done: true})
    this.state.notes[id] = note
    this.#claim(note)
    if (changed) this.changed = true
  }

  #claim(note: NoteRecord): void {
    for (const path of note.beside ? [note.path, note.beside] : [note.path]) {
      this.#recorded.add(path)
      this.#claimed.add(foldedName(path))
    }
  }

  /** Keeps new notes off a path (something was put there meanwhile). */
  claim(path: string): void {
    this.#recorded.add(path)
    this.#claimed.add(foldedName(path))
  }

  /** Records an index note (see `writeIndexes`). */
  recordIndex(id: string, note: NoteRecord): void {
    this.run.journal.write({note: id, record: note, done: true})
    this.state.notes[id] = note
    this.#claim(note)
  }

  #outcome(outcome: NoteOutcome, path: string, reason?: string): void {
    this.run.report.counts[outcome]++
    if (outcome === 'kept') this.run.report.kept.push({path, reason: reason ?? 'kept'})
    this.run.options.onEvent?.({type: 'note', outcome, path, ...(reason ? {reason} : {})})
  }

  /**
   * The Obsidian link to a project's index note: by its path, the one the
   * state records when it was written (it stays where it is when its name
   * changes), else where `writeIndexes` will write it, labelled with its name
   * (`projectNames`, over the projects of the vault's notes and this one).
   */
  projectLinkOf(project: string): string {
    let known = this.#projectNames
    if (known === undefined || !known.projects.has(project)) {
      const projects = new Set([...this.#projects(), project])
      known = {names: projectNames([...projects]), projects}
      this.#projectNames = known
    }
    const name = known.names.get(project) ?? 'project'
    const index = this.state.notes[projectIndexId(project)]
    return wikilink(index && !index.deleted ? index.path : projectIndexPath(name), name)
  }

  /** The projects of the vault's notes (not deleted), as the index notes group them. */
  #projects(): Set<string> {
    const projects = new Set<string>()
    for (const note of Object.values(this.state.notes)) if (!note.deleted && note.project) projects.add(note.project)
    return projects
  }

  /**
   * Links again, once the index notes are written, the notes whose project's
   * index note has another name or place than their `project` property says
   * (a second project of one folder name came, `demo` became `demo (work)`;
   * an index note was written at another path), while each is chatmark's own
   * rendering, as placed (see `relinkedProject`): a note holding the person's
   * edits, or written beside them, gets the link when it is next rendered, merged.
   */
  async linkProjects(): Promise<void> {
    if (this.run.options.dryRun || !this.wikilinks) return
    this.#projectNames = undefined
    for (const [id, note] of Object.entries(this.state.notes)) {
      if (note.projectLink === undefined || note.project === undefined || note.deleted) continue
      const link = this.projectLinkOf(note.project)
      if (link === note.projectLink || note.beside !== undefined || note.sha256 !== note.base) continue
      const current = await this.run.files.read(note.path)
      if (current === undefined || sha256Of(current) !== note.sha256) continue
      const linked = relinkedProject(current, note.projectLink, link)
      if (linked === undefined) continue
      const sha256 = await this.run.bases.save(linked)
      const record: NoteRecord = {...note, sha256, base: sha256, projectLink: link}
      await this.run.journal.append({note: id, record})
      if (await this.run.files.replace(note.path, linked, current)) this.#record(id, record)
    }
  }

  /**
   * Renders again, with the link to their parent's note, the notes of this
   * run whose parent's note came later in it (see `linkedNote`), while
   * each is chatmark's own rendering, as placed: a note holding the person's
   * edits, or written beside them, gets the link when it is next rendered,
   * merged.
   */
  async linkParents(): Promise<void> {
    if (this.run.options.dryRun) return
    for (const [id, {parentId, frontmatter, project}] of this.#orphans) {
      const note = this.state.notes[id]
      const parent = this.state.notes[parentId]
      if (!note || !parent || parent.deleted || note.deleted || note.beside !== undefined) continue
      if (note.sha256 !== note.base) continue
      const current = await this.run.files.read(note.path)
      if (current === undefined || sha256Of(current) !== note.sha256) continue
      const link = parentLink(parent, note.path, this.wikilinks)
      const linked = linkedNote(current, frontmatter, {project}, {parent: link, project}, this.run.render.profile)
      if (linked === undefined) continue
      const sha256 = await this.run.bases.save(linked)
      const record: NoteRecord = {...note, sha256, base: sha256}
      await this.run.journal.append({note: id, record})
      if (await this.run.files.replace(note.path, linked, current)) this.#record(id, record)
    }
  }
}

/**
 * A note's new rendering: its hash, and its text, read from the file it was
 * staged to when first needed (a new note's is linked into place unread).
 */
interface Rendering {
  sha256: string
  /** The staged file holding exactly this text. */
  staged?: string
  /** Its base, gzipped, staged beside it. */
  stagedBase?: string
  text?: string | undefined
}

async function textOf(rendering: Rendering): Promise<string> {
  rendering.text ??= rendering.staged === undefined ? '' : await readFile(rendering.staged, 'utf8')
  return rendering.text
}

/** Where the version that could not be merged goes: beside the note, `Note (chatmark).md`. */
function besidePath(path: string): string {
  return path.replace(/\.md$/, besideSuffix)
}

/** Whether an error says that the vault takes no more writes: its disk is full or read-only, or its journal failed. */
export function diskFailure(error: unknown): boolean {
  if (error instanceof VaultWriteError) return true
  const code = (error as {code?: unknown} | undefined)?.code
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EROFS'
}

/** A time as UTC ISO-8601, so that times compare as text whatever offset a source wrote them with. */
function isoTime(time: string | undefined): string | undefined {
  if (time === undefined) return undefined
  const parsed = Date.parse(time)
  return Number.isNaN(parsed) ? undefined : new Date(parsed).toISOString()
}

function sameRecord(a: NoteRecord, b: NoteRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
