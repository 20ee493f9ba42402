import {isRecord, stringOf} from '@chatmark/core/model'

/** A stored message as the reader uses it: the message's fields and its parts. */
export interface MessageWithParts {
  info: Record<string, unknown>
  parts: Array<Record<string, unknown>>
}

/**
 * A message file of early 0.x OpenCode in the shape the reader uses. Two
 * shapes came before the part files, and OpenCode's own storage migrations
 * (`storage/storage.ts` of the 0.x releases) rewrote them in place, so a folder
 * that a later version never opened still holds them:
 *
 * - a v1 message (`session/message.ts`): an AI SDK `UIMessage` with
 *   `parts` inline (`text`, `reasoning`, `file` with `mediaType`,
 *   `step-start`, `tool-invocation` with `toolInvocation{state, toolCallId,
 *   toolName, args, result}`) and `metadata{sessionID, time, error, tool{<call
 *   id>: {title, time, ...}}, assistant{modelID, providerID, path, cost,
 *   tokens, summary}}`; converted as `MessageV2.fromV1` does;
 * - a `MessageV2` message with its parts still inline in `parts` (a tool
 *   part's `id` is its call id: the migration that split them out set
 *   `callID: part.id`).
 *
 * Any other message is returned as it is, with no parts.
 */
export function inlineMessage(record: Record<string, unknown>): MessageWithParts {
  const {parts, ...info} = record
  const inline = Array.isArray(parts) ? parts.filter(isRecord) : []
  if (isRecord(info['metadata'])) return fromV1(info, info['metadata'], inline)
  return {
    info,
    parts: inline.map((part) =>
      part['type'] === 'tool' && part['callID'] === undefined && typeof part['id'] === 'string'
        ? {...part, callID: part['id']}
        : part
    )
  }
}

function fromV1(
  record: Record<string, unknown>,
  metadata: Record<string, unknown>,
  parts: Array<Record<string, unknown>>
): MessageWithParts {
  const assistant = isRecord(metadata['assistant']) ? metadata['assistant'] : {}
  const info: Record<string, unknown> = Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'metadata'))
  for (const field of ['sessionID', 'time', 'error'] as const) {
    if (metadata[field] !== undefined) info[field] = metadata[field]
  }
  for (const field of ['modelID', 'providerID', 'path', 'cost', 'tokens', 'summary'] as const) {
    if (assistant[field] !== undefined) info[field] = assistant[field]
  }
  const tools = isRecord(metadata['tool']) ? metadata['tool'] : {}
  return {info, parts: parts.flatMap((part) => v1Part(part, tools))}
}

function v1Part(part: Record<string, unknown>, tools: Record<string, unknown>): Array<Record<string, unknown>> {
  switch (part['type']) {
    case 'tool-invocation': {
      const invocation = isRecord(part['toolInvocation']) ? part['toolInvocation'] : {}
      const callID = stringOf(invocation['toolCallId'])
      const extra = callID && isRecord(tools[callID]) ? tools[callID] : {}
      const {title, time, ...metadata} = extra
      const state = invocation['state']
      const status = state === 'result' ? 'completed' : state === 'call' ? 'running' : 'pending'
      return [
        {
          type: 'tool',
          ...(callID ? {callID} : {}),
          tool: invocation['toolName'],
          state: {
            status,
            input: invocation['args'],
            ...(state === 'result' ? {output: invocation['result']} : {}),
            ...(typeof title === 'string' ? {title} : {}),
            ...(time === undefined ? {} : {time}),
            metadata
          }
        }
      ]
    }
    case 'file':
      return [{type: 'file', mime: part['mediaType'], filename: part['filename'], url: part['url']}]
    case 'source':
      // A cited source of the AI SDK: `MessageV2.fromV1` drops it too.
      return []
    default:
      return [part]
  }
}
