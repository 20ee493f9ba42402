/**
 * The Claude.ai data export's `conversations.json`, as described in
 * `shared/formats.md` section 5 (structure inferred from real exports of
 * 2024-2025 by Sinity/polylogue; Anthropic publishes no schema).
 *
 * The interfaces document the format; parsed JSON is never cast to them.
 * The guards below narrow `unknown` to the fields they check, and every other
 * field is read through a guard where it is used.
 */
import {isRecord, isString} from '@chatmark/core/model'

/** One element of the top-level array (or the whole document, for a single conversation). */
export interface ExportConversationSchema {
  uuid: string
  /** The title; may be empty. */
  name: string
  /** Newer exports; may be empty or null. */
  summary?: string | null
  /** ISO 8601, often with microseconds; the zone may be `Z`, `+00:00` or missing. */
  created_at: string
  updated_at: string
  account?: {uuid: string}
  /** API captures and some exports. */
  project?: {uuid: string; name: string}
  /** Web API tree responses only (browser exporters); never in the data export. */
  current_leaf_message_uuid?: string
  chat_messages: ExportMessageSchema[]
}

/** A `chat_messages[]` element. */
export interface ExportMessageSchema {
  uuid: string
  /** Only these two are observed; older captures use `role`. */
  sender?: 'human' | 'assistant'
  role?: string
  /** Flattened text; the only content in older exports. */
  text?: string
  /** Newer exports: text, thinking, tool_use, tool_result blocks. */
  content?: unknown[]
  created_at?: string
  updated_at?: string
  attachments?: Array<{file_name?: string; file_size?: number; file_type?: string; extracted_content?: string}>
  files?: Array<{file_name?: string; file_uuid?: string}>
  files_v2?: Array<{file_name?: string; file_uuid?: string; file_kind?: string}>
  /** Newer exports; the first message's parent is {@link rootParentUuid}. */
  parent_message_uuid?: string | null
}

/** The parent of a conversation's first message(s) in newer exports. */
export const rootParentUuid = '00000000-0000-4000-8000-000000000000'

/** A record narrowed to the two fields that make it a Claude.ai conversation. */
export interface ConversationRecord {
  uuid: string
  chat_messages: unknown[]
  [key: string]: unknown
}

/** Whether a value has a string `uuid` and a `chat_messages` array. */
export function isExportConversation(value: unknown): value is ConversationRecord {
  return isRecord(value) && isString(value['uuid']) && Array.isArray(value['chat_messages'])
}

/** The speaker of a message: `sender`, else the older `role`. */
export function senderOf(message: Record<string, unknown>): 'human' | 'assistant' | undefined {
  const sender = message['sender'] ?? message['role']
  if (sender === 'human' || sender === 'user') return 'human'
  if (sender === 'assistant') return 'assistant'
  return undefined
}
