/**
 * The Gemini CLI's on-disk session schema, as observed in Gemini CLI 0.61.0
 * files and in its source (`google-gemini/gemini-cli`
 * `packages/core/src/services/chatRecordingTypes.ts` at 5411f113).
 *
 * The interfaces document the format; parsed JSON is never cast to them.
 * The guards below narrow `unknown` to the few fields they check, and every
 * other field is read through a guard where it is used.
 */
import {isRecord, isString} from '@chatmark/core/model'

/** Message types the CLI writes (`info`, `error`, `warning` since v0.18). */
export const messageTypes = ['user', 'gemini', 'info', 'error', 'warning'] as const

/** One of {@link messageTypes}. */
export type MessageType = (typeof messageTypes)[number]

/**
 * A whole session: the legacy `.json` file, the JSONL header line (without
 * `messages`) and the target of `$set` patches.
 */
export interface ConversationRecordSchema {
  sessionId: string
  /** SHA-256 of the project root, even when the temp dir uses a newer slug. */
  projectHash: string
  startTime: string
  lastUpdated: string
  messages: MessageRecordSchema[]
  /** One-line title (v0.21+). */
  summary?: string
  /** Workspace directories (v0.28+; subagent headers carry them in 0.61). */
  directories?: string[]
  /** v0.31+. Third-party files sometimes invent other values. */
  kind?: 'main' | 'subagent'
  memoryScratchpad?: Record<string, unknown>
}

/** A message line, or one entry of `messages`. */
export interface MessageRecordSchema {
  id: string
  timestamp: string
  type: MessageType
  /** PartListUnion: a string, one Part, or a list of strings and Parts. */
  content: unknown
  /** What the user typed, before `@file` expansion (v0.28+). */
  displayContent?: unknown
  toolCalls?: ToolCallRecordSchema[]
  thoughts?: Array<{subject: string; description: string; timestamp: string}>
  tokens?: {input: number; output: number; cached: number; thoughts?: number; tool?: number; total: number} | null
  model?: string
}

/** One entry of a `gemini` message's `toolCalls`. */
export interface ToolCallRecordSchema {
  id: string
  name: string
  args: Record<string, unknown>
  /** PartListUnion; normally `[{functionResponse}]`. */
  result?: unknown
  status: string
  timestamp: string
  agentId?: string
  displayName?: string
  description?: string
  /** A string, FileDiff, AnsiOutput, TodoList, Grep/List/ReadMany result or subagent progress. */
  resultDisplay?: unknown
  renderOutputAsMarkdown?: boolean
}

/** `{"$rewindTo": id}`: drop that message and every later one. */
export interface RewindLine {
  $rewindTo: string
}

/** `{"$set": {...}}`: a metadata patch; with `messages`, a checkpoint. */
export interface SetLine {
  $set: Record<string, unknown>
}

/** A header (or a whole legacy record on one line). */
export interface HeaderLine {
  sessionId: string
  projectHash: string
  [key: string]: unknown
}

/** A message record narrowed to its one required field. */
export interface MessageLine {
  id: string
  [key: string]: unknown
}

/** Whether a value is a rewind line (tested first, as the CLI's loader does). */
export function isRewindLine(value: unknown): value is RewindLine {
  return isRecord(value) && isString(value['$rewindTo'])
}

/** Whether a value is a message record: any object with a string `id`, as the CLI's loader accepts. */
export function isMessageLine(value: unknown): value is MessageLine {
  return isRecord(value) && isString(value['id'])
}

/** Whether a value is a `$set` line. */
export function isSetLine(value: unknown): value is SetLine {
  return isRecord(value) && isRecord(value['$set'])
}

/** Whether a value is a header: string `sessionId` and `projectHash`. */
export function isHeaderLine(value: unknown): value is HeaderLine {
  return isRecord(value) && isString(value['sessionId']) && isString(value['projectHash'])
}

/** Whether a value is one of the CLI's message types. */
export function isMessageType(value: unknown): value is MessageType {
  return isString(value) && (messageTypes as readonly string[]).includes(value)
}

/** Whether a value is a whole ConversationRecord: string `sessionId` and a `messages` array. */
export function isConversationDocument(
  value: unknown
): value is {sessionId: string; messages: unknown[]; [key: string]: unknown} {
  return isRecord(value) && isString(value['sessionId']) && Array.isArray(value['messages'])
}

/**
 * One entry of a `/chat save` (`/resume save` since v0.3x) checkpoint,
 * `checkpoint-<tag>.json` in the project temp dir: the Gemini API `Content`
 * of the model's history (`packages/core/src/core/logger.ts`, `saveCheckpoint`).
 * v0.1.x wrote the bare `Content[]`; later versions write `{history, authType?}`.
 */
export interface CheckpointContentSchema {
  role: 'user' | 'model'
  parts: unknown[]
}

/**
 * One entry of `logs.json` in the project temp dir: a prompt the user typed,
 * slash commands included (`packages/core/src/core/logger.ts`, `LogEntry`,
 * v0.1.x to 0.61). The model's answers are not in it.
 */
export interface LogEntrySchema {
  sessionId: string
  messageId: number
  type: 'user'
  message: string
  timestamp: string
}

/** Whether a value is a Gemini API Content: `role` user or model and a `parts` array. */
export function isContent(value: unknown): value is {role: string; parts: unknown[]} {
  return isRecord(value) && (value['role'] === 'user' || value['role'] === 'model') && Array.isArray(value['parts'])
}

/** Whether a value is a logs.json entry: string `sessionId` and `message`, numeric `messageId`. */
export function isLogEntry(value: unknown): value is {sessionId: string; messageId: number; message: string} {
  return (
    isRecord(value) &&
    isString(value['sessionId']) &&
    typeof value['messageId'] === 'number' &&
    isString(value['message'])
  )
}

/**
 * The Content list of a checkpoint (`{history: Content[]}` or a bare
 * `Content[]`), or `undefined`: the first entry and most of the others must be
 * Content, so one damaged entry does not hide the rest.
 */
export function checkpointHistory(value: unknown): unknown[] | undefined {
  const history = Array.isArray(value) ? value : isRecord(value) ? value['history'] : undefined
  if (isContentList(history)) return history
  return isRestorePoint(value) ? value['clientHistory'] : undefined
}

/**
 * Whether a value is a restore point: the file `checkpointing` writes before a
 * tool changes a file (`~/.gemini/tmp/<project>/checkpoints/*.json`,
 * `ToolCallData` in `packages/core/src/utils/checkpointUtils.ts`): the UI's
 * `history`, the model's `clientHistory` (Content[]), the pending `toolCall`
 * and the git `commitHash` of the shadow repository.
 */
export function isRestorePoint(value: unknown): value is {clientHistory: unknown[]; toolCall: Record<string, unknown>} {
  return isRecord(value) && isRecord(value['toolCall']) && isContentList(value['clientHistory'])
}

function isContentList(value: unknown): value is unknown[] {
  return Array.isArray(value) && isContent(value[0]) && mostly(value, isContent)
}

/** Whether a value is a logs.json document: an array whose first entry and most others are log entries. */
export function isLogsDocument(value: unknown): value is unknown[] {
  return Array.isArray(value) && isLogEntry(value[0]) && mostly(value, isLogEntry)
}

function mostly(values: readonly unknown[], test: (value: unknown) => boolean): boolean {
  return values.filter(test).length * 2 >= values.length
}
