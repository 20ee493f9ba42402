/**
 * Claude Code's on-disk session schema, as observed in Claude Code 2.1.332
 * files and described in `shared/formats.md` section 2 (from the 2.0.77 CLI
 * writer and the Agent SDK 0.3.332 session reader). Anthropic publishes no
 * schema; the SDK types call the entry union CLI-internal.
 *
 * The interfaces document the format; parsed JSON is never cast to them.
 * The guards below narrow `unknown` to the few fields they check, and every
 * other field is read through a guard where it is used.
 */
import {isRecord, isString} from '@chatmark/core/model'

/** Entry types that take part in the `uuid` / `parentUuid` chain. */
export const chainTypes = ['user', 'assistant', 'system', 'attachment', 'progress'] as const

/** One of {@link chainTypes}. */
export type ChainType = (typeof chainTypes)[number]

/**
 * Entry types that carry no conversation content (titles are read from the
 * title types separately). Seen in 2.0.77's writer and 2.1.332 files.
 */
export const bookkeepingTypes: ReadonlySet<string> = new Set([
  'file-history-snapshot',
  'attribution-snapshot',
  'queue-operation',
  'last-prompt',
  'tag',
  'mode',
  'permission-mode',
  'relocated',
  'content-replacement',
  'api-request',
  'api-request-blob',
  'api-request-shape',
  'tools-used',
  'cost-state',
  'atis-latch',
  'pr-link',
  'agent-name',
  // The first line of a forked subagent's transcript: where in the session the fork took its context from.
  'fork-context-ref'
])

/** Title entry types (no `uuid`): `summary` (legacy), `ai-title`, `custom-title` (`/rename`). */
export const titleTypes: ReadonlySet<string> = new Set(['summary', 'ai-title', 'custom-title'])

/** The fields every chain entry shares (the CLI's message-chain envelope). */
export interface EnvelopeSchema {
  type: ChainType
  uuid: string
  /** `null` at a root and on a compact boundary. */
  parentUuid: string | null
  /** On compact boundaries: the entry the boundary logically follows. */
  logicalParentUuid?: string
  isSidechain: boolean
  userType?: string
  cwd?: string
  /** camelCase, unlike the Agent SDK stream's `session_id`. */
  sessionId: string
  /** CLI version, such as `2.1.332`. */
  version?: string
  gitBranch?: string
  agentId?: string
  timestamp: string
  isMeta?: boolean
  isCompactSummary?: boolean
  /** Rich, tool-specific result on tool-result `user` lines. */
  toolUseResult?: unknown
  sourceToolAssistantUUID?: string
  sourceToolUseID?: string
  toolUseID?: string
  parentToolUseID?: string
}

/** A `user` or `assistant` entry. */
export interface MessageEntrySchema extends EnvelopeSchema {
  type: 'user' | 'assistant'
  requestId?: string
  message: {
    /** Assistant: the API message id (`msg_...`), shared by split records. */
    id?: string
    role: 'user' | 'assistant'
    model?: string
    /** A string, or content blocks: text, thinking, redacted_thinking, tool_use, tool_result, image, document... */
    content: unknown
    usage?: UsageSchema
  }
}

/** Anthropic Messages API usage. */
export interface UsageSchema {
  input_tokens?: number
  output_tokens?: number
  cache_read_input_tokens?: number
  cache_creation_input_tokens?: number
}

/** A `system` entry; `compact_boundary` marks a compaction. */
export interface SystemEntrySchema extends EnvelopeSchema {
  type: 'system'
  subtype?: string
  content?: string
  level?: 'info' | 'warning' | 'error' | 'suggestion'
  compactMetadata?: {
    trigger?: 'manual' | 'auto'
    preTokens?: number
    preservedSegment?: {headUuid: string; anchorUuid: string; tailUuid: string}
    preservedMessages?: {anchorUuid: string; uuids: string[]}
  }
}

/** An `attachment` entry: context the CLI injects (`rendered` is what the model saw). */
export interface AttachmentEntrySchema extends EnvelopeSchema {
  type: 'attachment'
  attachment: {type: string; [key: string]: unknown}
  rendered?: Array<{content: string}>
}

/** Title lines. */
export interface TitleLineSchema {
  type: 'summary' | 'ai-title' | 'custom-title'
  summary?: string
  leafUuid?: string
  aiTitle?: string
  customTitle?: string
}

/** The Claude Code on the web export: one JSON document. */
export interface LoglinesSchema {
  loglines: unknown[]
}

/** A record narrowed to its `type`. */
export interface TypedRecord {
  type: string
  [key: string]: unknown
}

/** Whether a value is an object with a string `type`. */
export function isTypedRecord(value: unknown): value is TypedRecord {
  return isRecord(value) && isString(value['type'])
}

/** Whether a type is one of {@link chainTypes}. */
export function isChainType(value: unknown): value is ChainType {
  return isString(value) && (chainTypes as readonly string[]).includes(value)
}

/** Whether a value is the loglines wrapper. */
export function isLoglines(value: unknown): value is LoglinesSchema {
  return isRecord(value) && Array.isArray(value['loglines'])
}
