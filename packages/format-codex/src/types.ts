/**
 * The OpenAI Codex CLI's on-disk rollout schema, as observed in real Codex
 * 0.171.0 files and in its source (`openai/codex`
 * `codex-rs/protocol/src/protocol.rs`, `codex-rs/protocol/src/models.rs`,
 * `codex-rs/history/src/rollout_payload.rs`; the TS CLI's
 * `codex-cli/src/utils/storage/save-rollout.ts`).
 *
 * Four generations share one vocabulary of response items:
 * - 0, TS CLI (spring 2025): one JSON object `{session, items}`;
 * - 1, legacy Rust JSONL (mid 2025): a bare session meta line, then
 *   `record_type: "state"` lines and bare response items;
 * - 2, envelope (CLI 0.4x to 0.1xx): `{timestamp, type, payload}` lines;
 * - 3, envelope with `ordinal`, line-level `metadata` and more line kinds (2026).
 *
 * The interfaces document the format; parsed JSON is never cast to them.
 * The guards narrow `unknown` to the few fields they check.
 */
import {isRecord, isString} from '@chatmark/core/model'

/** Line kinds (`type`) of the envelope, generations 2 and 3. */
export const lineKinds = [
  'session_meta',
  'response_item',
  'event_msg',
  'turn_context',
  'compacted',
  'inter_agent_communication',
  'inter_agent_communication_metadata',
  'token_usage_record',
  'world_state',
  'retained_context',
  'security_risk_score',
  'realtime_item'
] as const

/** One of {@link lineKinds}. */
export type LineKind = (typeof lineKinds)[number]

/** Line kinds that hold internal bookkeeping and nothing a note shows. */
export const internalLineKinds: ReadonlySet<string> = new Set([
  'inter_agent_communication',
  'inter_agent_communication_metadata',
  'retained_context',
  'security_risk_score',
  'realtime_item'
])

/** Response item types (`ResponseItem`, tagged by `type`). */
export const responseItemTypes = [
  'message',
  'reasoning',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'local_shell_call',
  'web_search_call',
  'image_generation_call',
  'tool_search_call',
  'tool_search_output',
  'agent_message',
  'compaction',
  'compaction_summary',
  'context_compaction',
  'ghost_snapshot'
] as const

/** A line of generations 2 and 3. */
export interface EnvelopeLineSchema {
  /** ISO-8601 time the line was written. */
  timestamp: string
  type: LineKind
  payload: Record<string, unknown>
  /** Generation 3: position in the thread. */
  ordinal?: number
  /** Generation 3, on `response_item` lines: `history_sequence`, `compaction_output`... */
  metadata?: Record<string, unknown>
}

/** `session_meta` payload; also the first line of generation 1 and `session` of generation 0. */
export interface SessionMetaSchema {
  id: string
  timestamp: string
  /** The thread this one was forked from; its history is not copied in (0.171). */
  forked_from_id?: string
  cwd?: string
  /** `codex_cli_rs`, `codex_exec`, `Codex Desktop`... */
  originator?: string
  cli_version?: string
  /** `cli`, `exec`, `vscode`..., or `{subagent: ...}`. */
  source?: unknown
  model_provider?: string
  /** Newer files: `{text}`; older ones: `instructions` as a string. */
  base_instructions?: {text: string}
  instructions?: string
  git?: {commit_hash?: string; branch?: string; repository_url?: string}
}

/** `turn_context` payload: per-turn settings. Only `turn_id`, `model` and `cwd` are read. */
export interface TurnContextSchema {
  turn_id?: string
  cwd?: string
  model?: string
  effort?: string
}

/** `{type: "message"}` response item. */
export interface MessageItemSchema {
  type: 'message'
  role: 'user' | 'assistant' | 'developer' | 'system'
  /** `input_text`, `input_image`, `output_text` items. */
  content: Array<{type: string; text?: string; image_url?: string}>
  /** `commentary` (progress narration) or `final_answer`. */
  phase?: string
  id?: string | null
}

/** `{type: "reasoning"}` response item. */
export interface ReasoningItemSchema {
  type: 'reasoning'
  summary: Array<{type: 'summary_text'; text: string}>
  content?: Array<{type: string; text: string}> | null
  /** Opaque; never shown. */
  encrypted_content?: string | null
}

/** Function, custom and local shell calls, paired with their outputs by `call_id`. */
export interface ToolCallItemSchema {
  type: 'function_call' | 'custom_tool_call' | 'local_shell_call'
  call_id: string
  name?: string
  /** `function_call`: a string holding JSON. */
  arguments?: string
  /** `custom_tool_call`: a raw string (an `apply_patch` patch). */
  input?: string
  /** `local_shell_call`. */
  action?: {type: 'exec'; command: string[]; working_directory?: string; timeout_ms?: number}
  status?: string
}

/** `event_msg` payload of `type: "token_count"`. */
export interface TokenCountEventSchema {
  type: 'token_count'
  info: null | {total_token_usage: TokenUsageSchema; last_token_usage: TokenUsageSchema; model_context_window?: number}
}

/** Token usage as Codex records it. */
export interface TokenUsageSchema {
  input_tokens: number
  cached_input_tokens: number
  output_tokens: number
  reasoning_output_tokens: number
  total_tokens: number
}

/** An envelope line narrowed to what the guards check. */
export interface EnvelopeLine {
  timestamp?: string
  type: string
  payload: Record<string, unknown>
  [key: string]: unknown
}

/**
 * Whether a value is an envelope line: a string `type` and a `payload` object
 * (the timestamp is optional, as in synthetic files).
 */
export function isEnvelopeLine(value: unknown): value is EnvelopeLine {
  return isRecord(value) && isString(value['type']) && isRecord(value['payload'])
}

/** Whether a string is one of {@link lineKinds}. */
export function isLineKind(value: unknown): value is LineKind {
  return isString(value) && (lineKinds as readonly string[]).includes(value)
}

/** Whether a value is a bare response item (generations 0 and 1). */
export function isResponseItem(value: unknown): value is {type: string; [key: string]: unknown} {
  return (
    isRecord(value) &&
    isString(value['type']) &&
    (responseItemTypes as readonly string[]).includes(value['type']) &&
    !('payload' in value)
  )
}

/**
 * Whether a value is a generation 1 session meta line: `id` and `timestamp`
 * strings, no `type`, and none of the other formats' keys.
 */
export function isLegacyMetaLine(value: unknown): value is {id: string; timestamp: string; [key: string]: unknown} {
  return (
    isRecord(value) &&
    isString(value['id']) &&
    isString(value['timestamp']) &&
    !('type' in value) &&
    !('payload' in value) &&
    !('sessionId' in value) &&
    !('uuid' in value)
  )
}

/** Whether a value is a generation 1 `record_type: "state"` line. */
export function isStateLine(value: unknown): boolean {
  return isRecord(value) && value['record_type'] === 'state'
}

/** Whether a value is a generation 0 document: `session {id, timestamp}` and `items[]`. */
export function isTsDocument(value: unknown): value is {session: Record<string, unknown>; items: unknown[]} {
  return (
    isRecord(value) && isRecord(value['session']) && isString(value['session']['id']) && Array.isArray(value['items'])
  )
}
