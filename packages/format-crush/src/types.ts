/**
 * Crush's stored session schema, as real `crush.db` files of 2025-08 (goose
 * version 20250627000000) and 2026-04 (20260127000000) hold it, and as its
 * source defines it (charmbracelet/crush `internal/db/migrations/*.sql`,
 * `internal/message/content.go`, `internal/message/message.go`). Rows are
 * read as `unknown` and narrowed where they are used.
 */

/** A row of `sessions`. */
export interface SessionRow {
  id: string
  /** The session that started this one: a sub-agent's (its id is the `agent` call's id) or a title request's. */
  parentSessionId: string | undefined
  title: string | undefined
  promptTokens: number | undefined
  completionTokens: number | undefined
  cost: number | undefined
  /** Seconds since the epoch (see `epoch-time.ts`). */
  createdAt: unknown
  updatedAt: unknown
  /** The message that summarised the session (`/summarize`, or an automatic one when the context was full). */
  summaryMessageId: string | undefined
}

/** A row of `messages`: `parts` is a JSON array of `{type, data}` (`text`, `reasoning`, `tool_call`...). */
export interface MessageRow {
  id: string
  /** `user`, `assistant`, `tool` (tool results) or `system`. */
  role: string
  parts: unknown[]
  model: string | undefined
  provider: string | undefined
  createdAt: unknown
  finishedAt: unknown
  /** The message is a summary of the session before it (2025-08-10 and later). */
  isSummary: boolean
}

/** A session with its messages in order, as read from the database. */
export interface StoredSession {
  row: SessionRow
  messages: MessageRow[]
}
