import {isRecord, isString} from '@chatmark/core/model'

/**
 * One line of a session's event log: the envelope every event has (github/copilot-sdk
 * `nodejs/src/generated/session-events.ts`, generated from `session-events.schema.json`): `type`, `id` (a UUID),
 * `timestamp`, `parentId` (the event written before it, not a branch), `agentId` for a sub-agent's events,
 * `ephemeral` for events the CLI streams but does not write, and the type's `data`.
 */
export interface CopilotEvent {
  type: string
  id?: string
  timestamp?: string
  agentId?: string
  ephemeral?: boolean
  data: Record<string, unknown>
}

/** The event types every session file has, one of which a file's first lines hold. */
export const conversationTypes: ReadonlySet<string> = new Set([
  'session.start',
  'session.resume',
  'user.message',
  'assistant.turn_start',
  'assistant.message',
  'tool.execution_start',
  'tool.execution_complete'
])

/** Whether a parsed line has the event envelope: a dotted `type` and a `data` object. */
export function isCopilotEvent(value: unknown): value is CopilotEvent {
  return (
    isRecord(value) &&
    isString(value['type']) &&
    /^[a-z_]+(?:\.[a-z_]+)+$/.test(value['type']) &&
    isRecord(value['data'])
  )
}

/** The event as the reader uses it: the envelope's optional fields narrowed, a missing `data` an empty one. */
export function eventOf(value: Record<string, unknown>): CopilotEvent | undefined {
  const type = value['type']
  if (!isString(type) || !isRecord(value['data'])) return undefined
  const event: CopilotEvent = {type, data: value['data']}
  if (isString(value['id'])) event.id = value['id']
  if (isString(value['timestamp'])) event.timestamp = value['timestamp']
  if (isString(value['agentId']) && value['agentId'] !== '') event.agentId = value['agentId']
  if (value['ephemeral'] === true) event.ephemeral = true
  return event
}
