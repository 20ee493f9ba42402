import {isRecord} from '@chatmark/core/model'

/** Entry types Pi writes after the `session` header (`core/session-manager.ts`, `SessionEntry`). */
export const entryTypes = [
  'message',
  'model_change',
  'thinking_level_change',
  'compaction',
  'branch_summary',
  'custom',
  'custom_message',
  'label',
  'session_info'
] as const

/** One entry of a session, after the in-memory migration to version 3. */
export interface PiEntry {
  type: string
  id: string
  /** `parentId`; absent at the root. */
  parentId?: string
  /** 1-based input line (the row's `seq` for OpenClaw's database). */
  line: number
  /** Order of the entry in the file, from 0. */
  position: number
  record: Record<string, unknown>
}

/** The `session` header line. */
export interface PiHeader {
  /** `version`: 1 when absent (Pi's own rule, `migrateToCurrentVersion`). */
  version: number
  record: Record<string, unknown>
}

/** A session read from a file or from OpenClaw's database, ready to be threaded. */
export interface PiSession {
  header?: PiHeader
  entries: PiEntry[]
  /** Counts for the conversation's fidelity map. */
  fidelity: Record<string, number>
}

/**
 * Whether a JSON value is a Pi line: the `session` header, an entry of a known type, or an entry of a type
 * Pi may add later (a `type` with an `id` and a `parentId`): kept in the tree, so its children are not lost.
 */
export function isPiLine(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false
  const type = value['type']
  if (typeof type !== 'string') return false
  if (type === 'session' || (entryTypes as readonly string[]).includes(type)) return true
  return typeof value['id'] === 'string' && 'parentId' in value
}
