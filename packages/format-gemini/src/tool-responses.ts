import type {Part} from '@chatmark/core/model'
import type {FunctionResponse} from './content-parts.js'
import {contentParts} from './content-parts.js'
import {userMessageKind} from './message-kind.js'
import type {MessageLine} from './types.js'

/** Tool responses recorded as their own `user` messages, by call id. */
export interface ToolResponses {
  /** The first response for each call id. */
  byId: Map<string, FunctionResponse>
  /** Media parts sent with a response (binary tool output), by call id. */
  media: Map<string, Part[]>
  /** The responses with ids, by tool name in file order, and how many of each a call without an id has taken. */
  byName: Map<string, {list: FunctionResponse[]; taken: number}>
}

/**
 * Collects the tool responses that v0.44+ records as `user` messages of
 * `functionResponse` parts (`geminiChat.ts`), so each can be paired with its
 * call by `functionResponse.id` = `toolCalls[].id`.
 */
export function toolResponses(records: Iterable<MessageLine>): ToolResponses {
  const byId = new Map<string, FunctionResponse>()
  const media = new Map<string, Part[]>()
  const byName = new Map<string, {list: FunctionResponse[]; taken: number}>()
  for (const record of records) {
    if (record['type'] !== 'user' || userMessageKind(record) !== 'tool-response') continue
    const {parts, responses} = contentParts(record['content'])
    for (const response of responses) {
      if (response.id === undefined || byId.has(response.id)) continue
      byId.set(response.id, response)
      const named = byName.get(response.name) ?? {list: [], taken: 0}
      named.list.push(response)
      byName.set(response.name, named)
    }
    const first = responses[0]?.id
    const attachments = parts.filter((part) => part.type === 'attachment')
    if (first !== undefined && attachments.length > 0 && !media.has(first)) media.set(first, attachments)
  }
  return {byId, media, byName}
}

/**
 * The id of the response a call without one answers: the next unanswered
 * response to a tool of its name. Checkpoints (`/chat save`) before v0.47
 * keep a model's `functionCall` without the id its `functionResponse` has.
 */
export function responseIdFor(
  responses: ToolResponses,
  name: string,
  answered: ReadonlySet<string>
): string | undefined {
  const named = responses.byName.get(name)
  if (!named) return undefined
  while (named.taken < named.list.length) {
    const id = named.list[named.taken++]?.id
    if (id !== undefined && !answered.has(id)) return id
  }
  return undefined
}
