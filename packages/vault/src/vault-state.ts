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
}

/** A note chatmark wrote, by conversation id. */
export interface NoteRecord {
  /** Where the note is, relative to the vault, with `/`. */
  path: string
  /** SHA-256 of the note as chatmark last wrote it: a note that differs was edited by someone. */
  sha256: string
  title: string
  /** The folder of its tool (`claude-code`). */
  tool: string
  date?: string
  project?: string
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
  version: 1
  sources: Record<string, SourceRecord>
  notes: Record<string, NoteRecord>
}

/** The state read, and what was wrong with the file if it could not be trusted. */
export interface LoadedState {
  state: VaultState
  /** The file existed but was not a state file chatmark can read: it was set aside under this name. */
  setAside?: {path: string; reason: string}
  /** No state file: the first sync of this vault (or its state was set aside). */
  fresh: boolean
}

export const stateFileName = 'state.json'

export function emptyState(): VaultState {
  return {format: 'chatmark-vault-state', version: 1, sources: {}, notes: {}}
}

/**
 * Reads the state file of a vault's `.chatmark` folder. A missing file is a
 * fresh state; a file that is not valid JSON, or not this shape and version,
 * is never trusted and never deleted: it is renamed aside
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
    reason = stateProblem(value)
    if (reason === undefined) return {state: value as VaultState, fresh: false}
  } catch (error) {
    reason = `not valid JSON (${error instanceof Error ? error.message : String(error)})`
  }
  const aside = `${path}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`
  await rename(path, aside)
  return {state: emptyState(), fresh: true, setAside: {path: aside, reason}}
}

/** Writes the state file atomically. */
export async function saveState(stateDir: string, state: VaultState): Promise<void> {
  await writeFileAtomically(join(stateDir, stateFileName), `${JSON.stringify(state, null, 1)}\n`)
}

/** Why a value is not a state file this version reads, or `undefined` when it is one. */
function stateProblem(value: unknown): string | undefined {
  if (!isRecord(value) || value['format'] !== 'chatmark-vault-state') return 'not a chatmark vault state file'
  if (value['version'] !== 1) return `a state file of version ${String(value['version'])}, not 1`
  const {sources, notes} = value
  if (!isRecord(sources) || !isRecord(notes)) return 'no sources or notes'
  for (const [path, record] of Object.entries(sources)) {
    if (
      !isRecord(record) ||
      typeof record['size'] !== 'number' ||
      typeof record['mtimeMs'] !== 'number' ||
      typeof record['sha256'] !== 'string' ||
      !Array.isArray(record['conversations']) ||
      !record['conversations'].every((id) => typeof id === 'string')
    )
      return `the record of source ${path} is malformed`
  }
  for (const [id, record] of Object.entries(notes)) {
    if (
      !isRecord(record) ||
      typeof record['path'] !== 'string' ||
      !safeRelativePath(record['path']) ||
      typeof record['sha256'] !== 'string' ||
      typeof record['title'] !== 'string' ||
      typeof record['tool'] !== 'string' ||
      typeof record['turns'] !== 'number' ||
      typeof record['source'] !== 'string' ||
      (record['beside'] !== undefined && !(typeof record['beside'] === 'string' && safeRelativePath(record['beside'])))
    )
      return `the record of note ${id} is malformed`
  }
  return undefined
}

/** A path inside the vault: relative, with `/`, no `..` or empty segment. A state file naming others is not trusted. */
export function safeRelativePath(path: string): boolean {
  if (path === '' || path.startsWith('/') || path.includes('\\') || path.includes('\0')) return false
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}
