import {readFile, rename} from 'node:fs/promises'
import {join} from 'node:path'
import {isRecord, writeFileAtomically} from '@chatmark/core'

/** What was read from one source file, so that an unchanged file is not read again. */
export interface SourceRecord {
  size: number
  mtimeMs: number
  sha256: string
  /** The ids of the conversations it gave. */
  conversations: string[]
  /** Files that belong to it (a Claude Code session's subagent transcripts), by path: a change re-reads the source. */
  companions?: Record<string, {size: number; mtimeMs: number}>
  /** Some of its conversations were left out by a filter (`--since`...): the next run without it reads it again. */
  partial?: boolean
  /** No format recognised it well enough to make notes of it: why (it is read again only once it changes). */
  skipped?: string
}

/** A note chatmark wrote, by conversation id. */
export interface NoteRecord {
  /** Where the note is, relative to the vault, with `/`. */
  path: string
  /** SHA-256 of the note as chatmark last wrote it (a merge of the person's edits included). */
  sha256: string
  /**
   * SHA-256 of chatmark's own rendering of the conversation when it last wrote
   * the note (the base text of a merge, `.chatmark/base/`): a note whose text
   * differs from it holds something a person wrote, however long ago.
   */
  base: string
  title: string
  /** The folder of its tool (`claude-code`). */
  tool: string
  date?: string
  /** When the conversation was last active (or started), ISO-8601: index notes sort by it. */
  time?: string
  project?: string
  /**
   * The link to its project's index note that its `project` property holds
   * (the Obsidian profile): a note whose index note got another name or place
   * is linked again (see `NotePlacer.linkProjects`).
   */
  projectLink?: string
  turns: number
  /** The source file it was last read from. */
  source: string
  /** The person moved or renamed the note: it stays where they put it. */
  placedByUser?: boolean
  /** The note was edited in a way chatmark could not merge: the new version is here, beside it. */
  beside?: string
  /** SHA-256 of the version written beside, so that it is removed only while no one changed it. */
  besideSha256?: string
  /** The person deleted the note: it is not written again. */
  deleted?: boolean
}

/** The vault's state file, `.chatmark/state.json`. */
export interface VaultState {
  format: 'chatmark-vault-state'
  version: typeof stateVersion
  /** What the notes were rendered with (see `renderKey`): when it changes, every note is rendered again. */
  renderKey?: string
  sources: Record<string, SourceRecord>
  notes: Record<string, NoteRecord>
}

/** The state read, and what was wrong with the file if it could not be trusted. */
export interface LoadedState {
  state: VaultState
  /** The file's text as read (a run that changed nothing does not write it again). */
  text?: string
  /** The file existed but was not a state file chatmark can read: it was set aside under this name. */
  setAside?: {path: string; reason: string}
  /** No state file: the first sync of this vault (or its state was set aside). */
  fresh: boolean
  /** Records of version 1, whose `base` is to be worked out from the base text kept for the note's id. */
  legacy?: boolean
}

/** A state file written by a newer chatmark: this one cannot read it and must not replace it. */
export class NewerStateError extends Error {
  constructor(
    readonly path: string,
    readonly version: number
  ) {
    super(
      `${path} was written by a newer chatmark (state version ${version}; this one reads ${stateVersion}): ` +
        'update chatmark to sync this vault'
    )
    this.name = 'NewerStateError'
  }
}

export const stateFileName = 'state.json'
export const stateVersion = 2

export function emptyState(): VaultState {
  return {format: 'chatmark-vault-state', version: stateVersion, sources: {}, notes: {}}
}

/**
 * Reads the state file of a vault's `.chatmark` folder. A missing file is a
 * fresh state; one of version 1 is taken up (its notes' `base` left empty for
 * the caller to fill in); one of a newer version is an error
 * ({@link NewerStateError}), left as it is; a file that is not valid JSON, or
 * not this shape, is never trusted and never deleted: it is renamed aside
 * (`state.json.unreadable-<time>`) and the caller rebuilds what it can.
 */
export async function loadState(stateDir: string, now: Date): Promise<LoadedState> {
  const path = join(stateDir, stateFileName)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as {code?: unknown}).code === 'ENOENT') return {state: emptyState(), fresh: true}
    throw error
  }
  let reason: string | undefined
  try {
    const value: unknown = JSON.parse(text)
    if (isRecord(value) && value['format'] === 'chatmark-vault-state' && typeof value['version'] === 'number') {
      if (value['version'] > stateVersion) throw new NewerStateError(path, value['version'])
    }
    reason = stateProblem(value)
    if (reason === undefined) {
      const state = value as VaultState
      const legacy = (state.version as number) === 1
      // Version 1 kept no base (worked out from the base text kept under the note's id); version 2 leaves out
      // the base that is the note's own hash.
      for (const note of Object.values(state.notes)) note.base ??= legacy ? '' : note.sha256
      if (legacy) state.version = stateVersion
      return {state, text, fresh: false, ...(legacy ? {legacy} : {})}
    }
  } catch (error) {
    if (error instanceof NewerStateError) throw error
    reason = `not valid JSON (${error instanceof Error ? error.message : String(error)})`
  }
  const aside = `${path}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`
  await rename(path, aside)
  return {state: emptyState(), fresh: true, setAside: {path: aside, reason}}
}

/**
 * The state file's text: one line of JSON (a vault of thousands of notes is
 * read at the start of every sync; indenting it made it a tenth longer), each
 * note's `base` left out where it is the hash of the note as written (the
 * usual case: a note no one edited).
 */
export function stateText(state: VaultState): string {
  return `${JSON.stringify(state, (key, value: unknown) => (key === 'notes' ? compactNotes(value) : value))}\n`
}

function compactNotes(notes: unknown): unknown {
  if (!isRecord(notes)) return notes
  const compact: Record<string, unknown> = {}
  for (const [id, note] of Object.entries(notes)) {
    if (!isRecord(note) || note['base'] !== note['sha256']) compact[id] = note
    else {
      const {base: _, ...rest} = note
      compact[id] = rest
    }
  }
  return compact
}

/** Writes the state file atomically (`run`: the run's mark, for its temporary file's name). */
export async function saveState(stateDir: string, state: VaultState, run?: string): Promise<void> {
  await writeFileAtomically(join(stateDir, stateFileName), stateText(state), run === undefined ? {} : {run})
}

/** Why a value is not a state file this version reads, or `undefined` when it is one. */
function stateProblem(value: unknown): string | undefined {
  if (!isRecord(value) || value['format'] !== 'chatmark-vault-state') return 'not a chatmark vault state file'
  if (value['version'] !== 1 && value['version'] !== stateVersion)
    return `a state file of version ${String(value['version'])}, not ${stateVersion}`
  const {sources, notes} = value
  if (!isRecord(sources) || !isRecord(notes)) return 'no sources or notes'
  if (value['renderKey'] !== undefined && typeof value['renderKey'] !== 'string') return 'its renderKey is not text'
  for (const [path, record] of Object.entries(sources)) {
    if (!sourceRecordIsValid(record)) return `the record of source ${path} is malformed`
  }
  for (const [id, record] of Object.entries(notes)) {
    if (!noteRecordIsValid(record)) return `the record of note ${id} is malformed`
  }
  return undefined
}

/** Whether a value is a {@link SourceRecord}. */
export function sourceRecordIsValid(record: unknown): record is SourceRecord {
  return (
    isRecord(record) &&
    typeof record['size'] === 'number' &&
    typeof record['mtimeMs'] === 'number' &&
    typeof record['sha256'] === 'string' &&
    Array.isArray(record['conversations']) &&
    record['conversations'].every((id) => typeof id === 'string') &&
    (record['skipped'] === undefined || typeof record['skipped'] === 'string')
  )
}

/**
 * Whether a value is a {@link NoteRecord} naming paths in the vault (its
 * `base` may be absent: see {@link stateText}; the reader fills it in).
 */
export function noteRecordIsValid(record: unknown): record is NoteRecord {
  return (
    isRecord(record) &&
    typeof record['path'] === 'string' &&
    safeRelativePath(record['path']) &&
    typeof record['sha256'] === 'string' &&
    (record['base'] === undefined || typeof record['base'] === 'string') &&
    typeof record['title'] === 'string' &&
    typeof record['tool'] === 'string' &&
    typeof record['turns'] === 'number' &&
    typeof record['source'] === 'string' &&
    (record['beside'] === undefined || (typeof record['beside'] === 'string' && safeRelativePath(record['beside'])))
  )
}

/** A path inside the vault: relative, with `/`, no `..` or empty segment. A state file naming others is not trusted. */
export function safeRelativePath(path: string): boolean {
  if (path === '' || path.startsWith('/') || path.includes('\\') || path.includes('\0')) return false
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}
