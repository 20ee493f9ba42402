import type {Part} from '@chatmark/core/model'
import {isString, stringOf} from '@chatmark/core/model'
import type {BuildState} from './state.js'
import {count} from './state.js'
import {redactedThinking, thinkingPart} from './thinking.js'
import {toolCall} from './tool-call.js'

/** One content block of an API message as a part, or nothing (empty text, server tool results, unknown blocks). */
export function assistantBlock(
  state: BuildState,
  block: Record<string, unknown>,
  serverResults: Map<string, Record<string, unknown>>
): Part | undefined {
  switch (block['type']) {
    case 'text': {
      const text = stringOf(block['text']) ?? ''
      return /\S/.test(text) ? {type: 'text', text} : undefined
    }
    case 'thinking':
      return thinkingPart(state, block)
    case 'redacted_thinking':
      return redactedThinking()
    case 'tool_use':
    case 'server_tool_use':
      return toolCall(state, block, serverResults)
    default:
      // A server tool's result is shown with its call (`serverResultsOf`).
      if (isString(block['type']) && block['type'].endsWith('_tool_result')) return undefined
      count(state, 'unknown-content-block')
      return undefined
  }
}
