import type {NoticePart, Part} from '@chatmark/core/model'
import {stringOf} from '@chatmark/core/model'
import type {BuildState} from './state.js'
import {count} from './state.js'

/** A `thinking` block; an empty one (thinking the transcript did not keep) is counted. */
export function thinkingPart(state: BuildState, block: Record<string, unknown>): Part | undefined {
  const text = stringOf(block['thinking']) ?? ''
  if (/\S/.test(text)) return {type: 'thinking', text}
  count(state, 'thinking-not-recorded')
  return undefined
}

/** A `redacted_thinking` block: only its presence is shown. */
export function redactedThinking(): NoticePart {
  return {
    type: 'notice',
    level: 'info',
    kind: 'redacted-thinking',
    text: 'Thinking redacted by the API (encrypted, not shown)'
  }
}
