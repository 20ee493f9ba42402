import {isRecord, numberOf, stringOf} from '@chatmark/core/model'

/**
 * One record of `ui_messages.json` (`ClineMessage`, cline/cline
 * `src/shared/ExtensionMessage.ts`; Roo's `packages/types/src/message.ts`
 * adds `contextCondense`, `progressStatus`, `metadata`): what the person saw,
 * `say` from Cline or `ask` awaiting them, stamped `ts` (epoch ms).
 */
export interface UiMessage {
  ts?: number
  type: 'say' | 'ask'
  /** The `say` or `ask` value (`text`, `api_req_started`, `tool`, `followup`...). */
  kind: string
  text?: string
  images: string[]
  /** The api history's length less one when it was written (Cline ≥ 3.x). */
  index?: number
  model?: string
  partial: boolean
  raw: Record<string, unknown>
}

/** A ui record as a {@link UiMessage}, or `undefined` when it is not one (no `type` say/ask). */
export function uiMessage(value: unknown): UiMessage | undefined {
  if (!isRecord(value)) return undefined
  const type = value['type']
  if (type !== 'say' && type !== 'ask') return undefined
  const message: UiMessage = {
    type,
    kind: stringOf(value[type]) ?? '',
    images: Array.isArray(value['images']) ? value['images'].filter((image) => typeof image === 'string') : [],
    partial: value['partial'] === true,
    raw: value
  }
  const ts = numberOf(value['ts'])
  if (ts !== undefined) message.ts = ts
  const text = stringOf(value['text'])
  if (text !== undefined) message.text = text
  const index = numberOf(value['conversationHistoryIndex'])
  if (index !== undefined) message.index = index
  const info = isRecord(value['modelInfo']) ? value['modelInfo'] : {}
  const model = stringOf(info['modelId'])
  if (model) message.model = model
  return message
}

/** The JSON a record's `text` holds (`api_req_started`, `tool`, `error_retry`), or `{}`. */
export function textJson(message: UiMessage): Record<string, unknown> {
  if (!message.text?.startsWith('{')) return {}
  try {
    const value: unknown = JSON.parse(message.text)
    return isRecord(value) ? value : {}
  } catch {
    return {}
  }
}
