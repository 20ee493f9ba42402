import type {ToolCallPart} from '@chatmark/core/model'
import {isRecord, isString} from '@chatmark/core/model'

/**
 * The tool calls of one history item: the message's `toolCalls`, each with
 * the result its `toolCallStates` entry recorded (Continue keeps the result
 * in the calling item, not in a message of its own). A state without a call in
 * the message (a TUI shell command) is a call too.
 */
export function toolCallParts(message: Record<string, unknown>, states: unknown): ToolCallPart[] {
  const byId = new Map<string, Record<string, unknown>>()
  const order: Array<{id?: string; call: unknown}> = []
  for (const state of Array.isArray(states) ? states : []) {
    if (!isRecord(state)) continue
    const id = isString(state['toolCallId']) ? state['toolCallId'] : undefined
    if (id !== undefined) byId.set(id, state)
  }
  const seen = new Set<string>()
  for (const call of Array.isArray(message['toolCalls']) ? message['toolCalls'] : []) {
    const id = isRecord(call) && isString(call['id']) ? call['id'] : undefined
    if (id !== undefined) seen.add(id)
    order.push({...(id === undefined ? {} : {id}), call})
  }
  for (const [id, state] of byId) if (!seen.has(id)) order.push({id, call: state['toolCall']})
  return order.map(({id, call}) => toolCallPart(call, id === undefined ? undefined : byId.get(id), id))
}

function toolCallPart(call: unknown, state: Record<string, unknown> | undefined, id: string | undefined): ToolCallPart {
  const fn = isRecord(call) && isRecord(call['function']) ? call['function'] : {}
  const name = isString(fn['name']) && fn['name'].trim() !== '' ? fn['name'] : 'unknown tool'
  const part: ToolCallPart = {
    type: 'tool-call',
    text: name,
    name,
    input: inputOf(state?.['parsedArgs'], fn['arguments'])
  }
  if (id !== undefined) part.id = id
  if (state === undefined) return part
  if (isString(state['status'])) part.status = state['status']
  const output = Array.isArray(state['output']) ? state['output'] : undefined
  if (output) {
    const text = output
      .map((item) => (isRecord(item) && isString(item['content']) ? item['content'] : ''))
      .filter((content) => content !== '')
      .join('\n')
    part.result = {text, ...(state['status'] === 'errored' ? {isError: true} : {})}
  }
  return part
}

// `parsedArgs` is what Continue ran the tool with; `arguments` the model's raw JSON text.
function inputOf(parsed: unknown, raw: unknown): unknown {
  if (isRecord(parsed)) return parsed
  if (!isString(raw)) return {}
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return raw
  }
}
