import type {Part, ToolCallPart} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import {contentParts} from './content-parts.js'

/**
 * The parts of an assistant message (pi-ai `AssistantMessage`): its thinking,
 * text and `toolCall{id, name, arguments}` blocks in order, each call kept in
 * `calls` for its result; then what ended it, when it did not end well
 * (`stopReason` `error` with `errorMessage`, `aborted`, `length`).
 */
export function messageParts(message: Record<string, unknown>, calls: Map<string, ToolCallPart>): Part[] {
  const parts: Part[] = []
  const blocks = Array.isArray(message['content']) ? message['content'] : [message['content']]
  for (const block of blocks) {
    if (isRecord(block) && block['type'] === 'toolCall') parts.push(toolCall(block, calls))
    else parts.push(...contentParts(Array.isArray(block) || isRecord(block) ? [block] : block))
  }
  const stop = message['stopReason']
  if (stop === 'error') {
    const errorType = stringOf(message['errorType'])
    const body = stringOf(message['errorBody'])
    parts.push({
      type: 'notice',
      level: 'error',
      kind: 'api-error',
      message: stringOf(message['errorMessage']) ?? 'The request to the model failed',
      ...(errorType ? {errorType} : {}),
      ...(body ? {body} : {})
    })
  } else if (stop === 'aborted') {
    const reason = stringOf(message['errorMessage'])
    parts.push({type: 'notice', level: 'warning', kind: 'interrupted', ...(reason ? {reason} : {})})
  } else if (stop === 'length') {
    parts.push({type: 'notice', level: 'warning', kind: 'system', text: 'The answer stopped at the output token limit'})
  }
  return parts
}

function toolCall(block: Record<string, unknown>, calls: Map<string, ToolCallPart>): ToolCallPart {
  const name = stringOf(block['name']) || 'tool'
  const id = stringOf(block['id'])
  const part: ToolCallPart = {type: 'tool-call', text: name, name, ...(id ? {id} : {})}
  if (block['arguments'] !== undefined) part.input = block['arguments']
  if (id !== undefined) calls.set(id, part)
  return part
}
