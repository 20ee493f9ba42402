import {isRecord, stringOf} from '@chatmark/core/model'

/**
 * Whether an api history is Roo Code's v2 wrapper `{version: 2, messages}`
 * (RooCodeInc/Roo-Code `src/core/task-persistence/rooMessage.ts`), rather
 * than the bare array of Anthropic messages Cline, Kilo and older Roo write.
 */
export function isRooV2(value: unknown): value is {version: 2; messages: unknown[]} {
  return isRecord(value) && value['version'] === 2 && Array.isArray(value['messages'])
}

/**
 * A RooMessage (an AI-SDK `ModelMessage` with Roo's metadata) in the
 * Anthropic shape the rest of the reader knows: role `tool` becomes a user
 * message of `tool_result` blocks, `tool-call` a `tool_use`, `reasoning` a
 * `thinking` block, `image`/`file` an `image` block; a top-level
 * `{type: "reasoning", summary}` item (OpenAI's encrypted reasoning) an
 * assistant message of its summary. Anything else is returned as it is, for
 * the caller to count. Legacy Anthropic blocks in a v2 file stay as they are
 * (Roo's `converters/anthropicToRoo.ts` reads both).
 */
export function fromRooMessage(value: unknown): unknown {
  if (!isRecord(value)) return value
  if (value['type'] === 'reasoning' && value['role'] === undefined) {
    const summary = Array.isArray(value['summary']) ? value['summary'] : []
    const text = summary
      .map((item) => (isRecord(item) ? stringOf(item['text']) : stringOf(item)))
      .filter((item): item is string => item !== undefined)
      .join('\n\n')
    const block = text ? {type: 'thinking', thinking: text} : {type: 'redacted_thinking'}
    return {...value, role: 'assistant', content: [block]}
  }
  const role = value['role'] === 'tool' ? 'user' : value['role']
  const content = value['content']
  if (!Array.isArray(content)) return {...value, role}
  return {...value, role, content: content.map(fromRooPart)}
}

function fromRooPart(part: unknown): unknown {
  if (!isRecord(part)) return part
  switch (part['type']) {
    case 'tool-call':
      return {type: 'tool_use', id: part['toolCallId'], name: part['toolName'], input: part['input']}
    case 'tool-result':
      return {type: 'tool_result', tool_use_id: part['toolCallId'], ...resultOf(part['output'])}
    case 'reasoning':
      return {type: 'thinking', thinking: part['text']}
    case 'image':
      return {type: 'image', source: {type: 'base64', media_type: part['mediaType'], data: part['image']}}
    case 'file':
      return {type: 'image', source: {type: 'base64', media_type: part['mediaType'], data: part['data']}}
    default:
      return part
  }
}

/** An AI-SDK tool output (`{type: text|json|error-text|error-json|content, value}`) as a `tool_result`'s fields. */
function resultOf(output: unknown): {content: unknown; is_error?: true} {
  if (!isRecord(output)) return {content: typeof output === 'string' ? output : JSON.stringify(output ?? null)}
  const type = stringOf(output['type']) ?? ''
  const value = output['value']
  const content =
    type === 'content' && Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? value
        : JSON.stringify(value ?? null, null, 2)
  return type.startsWith('error') ? {content, is_error: true} : {content}
}
