import type {TokenCounts} from '@chatmark/core/model'
import {isRecord, numberOf, stringOf} from '@chatmark/core/model'

/**
 * One message of a task's `api_conversation_history.json`, in Anthropic's
 * shape whichever generation wrote it: `blocks` are `text`, `image`,
 * `tool_use`, `tool_result`, `thinking`, `redacted_thinking` (Roo's v2
 * AI-SDK parts are turned into these by `roo-messages.ts`).
 */
export interface ApiMessage {
  /** Its place in the history (what `ui_messages.json`'s `conversationHistoryIndex` counts). */
  index: number
  role: 'user' | 'assistant'
  blocks: Array<Record<string, unknown>>
  /** Epoch milliseconds: Cline from about 3.3x, and Roo, stamp each message (`ts`). */
  ts?: number
  /** `modelInfo.modelId` (Cline 3.x), `model` elsewhere. */
  model?: string
  /** `metrics.tokens` (Cline 3.x: prompt, completion, cached). */
  tokens?: TokenCounts
  /** `metrics.cost`, USD. */
  cost?: number
  /** Roo's non-destructive compaction: a summary (`isSummary`) or a message it stands in for (`condenseParent`). */
  summary?: boolean
  /** An error the SDK store shows as a message (`metadata.displayRole: "error"`), never sent to the model. */
  error?: boolean
}

/**
 * A history element as an {@link ApiMessage}, or `undefined` when it is no
 * message (no role user/assistant): the caller counts it.
 */
export function apiMessage(value: unknown, index: number): ApiMessage | undefined {
  if (!isRecord(value)) return undefined
  const role = value['role']
  if (role !== 'user' && role !== 'assistant') return undefined
  const content = value['content']
  const blocks =
    typeof content === 'string'
      ? [{type: 'text', text: content}]
      : Array.isArray(content)
        ? content.filter(isRecord)
        : []
  const message: ApiMessage = {index, role, blocks}
  const ts = numberOf(value['ts'])
  if (ts !== undefined) message.ts = ts
  const info = isRecord(value['modelInfo']) ? value['modelInfo'] : {}
  // Cline 3.x: `modelInfo.modelId`; the SDK store (CLI 3.x, extension 4.x): `modelInfo.id`.
  const model = stringOf(info['modelId']) ?? stringOf(info['id']) ?? stringOf(value['model'])
  if (model) message.model = model
  const metrics = isRecord(value['metrics']) ? value['metrics'] : {}
  const tokens = isRecord(metrics['tokens']) ? metrics['tokens'] : undefined
  if (tokens) {
    const counts: TokenCounts = {}
    setCount(counts, 'input', tokens['prompt'])
    setCount(counts, 'output', tokens['completion'])
    setCount(counts, 'cached', tokens['cached'])
    if (Object.keys(counts).length > 0) message.tokens = counts
  } else if (numberOf(metrics['inputTokens']) !== undefined || numberOf(metrics['outputTokens']) !== undefined) {
    // The SDK store: `{inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens}`; writes are billed input.
    const counts: TokenCounts = {}
    const input = (numberOf(metrics['inputTokens']) ?? 0) + (numberOf(metrics['cacheWriteTokens']) ?? 0)
    setCount(counts, 'input', input)
    setCount(counts, 'output', metrics['outputTokens'])
    const cached = numberOf(metrics['cacheReadTokens'])
    if (cached) counts.cached = cached
    message.tokens = counts
  }
  const cost = numberOf(metrics['cost'])
  if (cost !== undefined) message.cost = cost
  if (value['isSummary'] === true) message.summary = true
  // The SDK store keeps a failed request's error as an assistant message only shown (`displayRole: error`).
  const meta = isRecord(value['metadata']) ? value['metadata'] : {}
  if (meta['displayRole'] === 'error') message.error = true
  return message
}

function setCount(counts: TokenCounts, key: keyof TokenCounts, value: unknown): void {
  const number = numberOf(value)
  if (number !== undefined && number >= 0) counts[key] = number
}
