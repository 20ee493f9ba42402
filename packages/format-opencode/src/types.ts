/**
 * OpenCode's stored session schema, as observed in files that `opencode-ai`
 * 1.18.33 (SQLite) and 1.1.65 (JSON files) wrote, and in its source
 * (`sst/opencode` `packages/opencode/src/session/message-v2.ts`,
 * `session/index.ts`, `session/session.sql.ts`).
 *
 * The interfaces document the format; parsed JSON is never cast to them. A
 * reader narrows `unknown` with `isRecord` and reads each field through a
 * guard where it is used.
 */

/** A session (`storage/session/<projectID>/<id>.json`; in 1.18 the columns of the `session` table). */
export interface SessionSchema {
  id: string
  slug?: string
  projectID: string
  directory: string
  /** The session that started this one (a subagent's `task` call). */
  parentID?: string
  title: string
  /** The OpenCode version that created it. */
  version: string
  time: {created: number; updated: number; compacting?: number; archived?: number}
  /** Set by `/undo`: the message (and part) from which on the session was reverted. */
  revert?: {messageID: string; partID?: string; snapshot?: string; diff?: string}
}

/** A message (`storage/message/<sessionID>/<id>.json`; in 1.18 the `data` column of `message`, without ids). */
export interface MessageSchema {
  id: string
  sessionID: string
  role: 'user' | 'assistant'
  time: {created: number; completed?: number}
  /** Assistant: the user message it answers. Every model step is its own assistant message. */
  parentID?: string
  modelID?: string
  providerID?: string
  /** Assistant: `compaction` for the answer to `/compact`, which also has `summary: true`. */
  agent?: string
  summary?: boolean | {title?: string; body?: string}
  tokens?: {total?: number; input: number; output: number; reasoning: number; cache: {read: number; write: number}}
  cost?: number
  finish?: string
  /** A failed request: `{name: 'APIError' | 'MessageAbortedError' | ..., data: {message, ...}}`. */
  error?: {name: string; data?: {message?: string}}
}

/** Part types of `message-v2.ts`. */
export const partTypes = [
  'text',
  'reasoning',
  'tool',
  'file',
  'step-start',
  'step-finish',
  'snapshot',
  'patch',
  'agent',
  'subtask',
  'retry',
  'compaction'
] as const

/** A part (`storage/part/<messageID>/<id>.json`; in 1.18 the `data` column of `part`, without ids). */
export interface PartSchema {
  id: string
  type: (typeof partTypes)[number]
  /** text, reasoning. `synthetic`: written by OpenCode, not typed by the user. */
  text?: string
  synthetic?: boolean
  ignored?: boolean
  /** tool */
  callID?: string
  tool?: string
  state?: {
    status: 'pending' | 'running' | 'completed' | 'error'
    input: Record<string, unknown>
    output?: string
    error?: string
    title?: string
  }
  /** file */
  mime?: string
  filename?: string
  url?: string
  /** patch */
  files?: string[]
  /** compaction */
  auto?: boolean
}

/**
 * What `opencode export [sessionID]` prints (`cli/cmd/export.ts`; 1.18.33 and 1.1.65): one
 * session with its messages, each with its parts, the same objects as the storage files.
 */
export interface ExportSchema {
  info: SessionSchema
  messages: Array<{info: MessageSchema; parts: PartSchema[]}>
}

/** A session with its messages and their parts, in the order OpenCode shows them. */
export interface StoredSession {
  /** The session, with 1.18's columns renamed to the JSON files' fields. */
  info: Record<string, unknown>
  messages: StoredMessage[]
  /** What could not be read while the session was gathered, counted by reason. */
  fidelity: Record<string, number>
  /** The tool whose database held it, when a database was read: Kilo's has tables of its own (`kilo.ts`). */
  tool?: 'opencode' | 'kilo'
}

/** A message with its parts. */
export interface StoredMessage {
  id: string
  info: Record<string, unknown>
  parts: Array<Record<string, unknown>>
}
