import {isRecord, isString} from '@chatmark/core/model'

/**
 * The raw schema of a Qwen Code chat recording, as observed on files written by
 * `@qwen-code/qwen-code` 0.24.4 and read from its `ChatRecord` type
 * (`packages/core/src/services/chatRecordingService.ts`). Every line is one
 * record: `uuid`, `parentUuid` (one chain, null at the root), `sessionId`,
 * `timestamp`, `type`, `cwd`, `version`; `message` is Gemini `Content`
 * (`{role: 'user' | 'model', parts[]}`) even when the model speaks the OpenAI
 * wire protocol. Records are read as `unknown` and narrowed field by field.
 */

/** The record types of `ChatRecord.type`. */
export const recordTypes = ['user', 'assistant', 'tool_result', 'system'] as const

/** One of {@link recordTypes}. */
export type RecordType = (typeof recordTypes)[number]

/** Whether `value` is one of {@link recordTypes}. */
export function isRecordType(value: unknown): value is RecordType {
  return isString(value) && (recordTypes as readonly string[]).includes(value)
}

/**
 * Whether `value` is a chat record: an object with a string `uuid` and
 * `sessionId` and a known `type`.
 */
export function isChatRecord(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && isString(value['uuid']) && isString(value['sessionId']) && isRecordType(value['type'])
}

/**
 * Whether a record's `message` is Gemini `Content` (`parts[]`), which tells a
 * Qwen Code record from a Claude Code one (`message.content`).
 */
export function hasContentParts(value: Record<string, unknown>): boolean {
  const message = value['message']
  return isRecord(message) && Array.isArray(message['parts'])
}

/** The `uiEvent` of a `ui_telemetry` system record, when it has one. */
export function uiEventOf(record: Record<string, unknown>): Record<string, unknown> | undefined {
  const payload = record['systemPayload']
  if (!isRecord(payload) || !isRecord(payload['uiEvent'])) return undefined
  return payload['uiEvent']
}
