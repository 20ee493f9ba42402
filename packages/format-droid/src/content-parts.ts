import type {Part, ToolCallPart} from '@chatmark/core/model'
import {isRecord, isString} from '@chatmark/core/model'

/**
 * The parts of an assistant message's `content`: Anthropic-shaped blocks,
 * whatever the model (droid 0.215.0 writes them for an OpenAI-compatible
 * custom model too): `text`, `thinking` (its `signature` and `durationMs`
 * are the provider's, not shown), `redacted_thinking`, `tool_use`. A block
 * of another type is a notice with its JSON, never dropped.
 */
export function assistantParts(content: readonly unknown[]): Part[] {
  const parts: Part[] = []
  for (const block of content) {
    if (!isRecord(block)) continue
    switch (block['type']) {
      case 'text':
        if (isString(block['text']) && block['text'].trim() !== '') parts.push({type: 'text', text: block['text']})
        break
      case 'thinking':
      case 'reasoning': {
        // SpecStory's parser reads `thinking`, else `text` (getspecstory specstory-cli/pkg/providers/droidcli).
        const text = isString(block['thinking']) ? block['thinking'] : isString(block['text']) ? block['text'] : ''
        if (text.trim() !== '') parts.push({type: 'thinking', text})
        break
      }
      case 'redacted_thinking':
        parts.push({
          type: 'notice',
          level: 'info',
          kind: 'redacted-thinking',
          text: 'Thinking the provider kept redacted'
        })
        break
      case 'tool_use':
        parts.push(toolCall(block))
        break
      default:
        parts.push(unknownBlock(block))
    }
  }
  return parts
}

/** A `tool_use` block: Droid's tools put a one-line `summary` (Execute) or `description` in their input. */
function toolCall(block: Record<string, unknown>): ToolCallPart {
  const name = isString(block['name']) && block['name'] !== '' ? block['name'] : 'unknown'
  const input = block['input']
  const summary = isRecord(input) ? [input['summary'], input['description']].find(isString) : undefined
  return {
    type: 'tool-call',
    text: summary ?? name,
    name,
    ...(isString(block['id']) ? {id: block['id']} : {}),
    ...(input === undefined ? {} : {input})
  }
}

/** A block this reader does not know, kept as a notice with its JSON. */
export function unknownBlock(block: Record<string, unknown>): Part {
  return {
    type: 'notice',
    level: 'warning',
    kind: 'unknown-content',
    text: `A content block of type ${String(block['type'])} that this reader does not know`,
    details: JSON.stringify(block, null, 2)
  }
}

/** A `tool_result` block's text: a string, the `text` of its items (an array of blocks), or of one block. */
export function resultText(content: unknown): string {
  if (isString(content)) return content
  if (Array.isArray(content))
    return content
      .map((item) => (isRecord(item) && isString(item['text']) ? item['text'] : JSON.stringify(item)))
      .join('\n')
  if (isRecord(content) && isString(content['text'])) return content['text']
  return content === undefined || content === null ? '' : JSON.stringify(content)
}
