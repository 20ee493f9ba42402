import {isRecord, isString, stringOf} from '@chatmark/core/model'
import type {CopySource} from '../duplicates.js'
import {thinkingPart} from '../reasoning.js'
import type {RolloutState} from './state.js'
import {count} from './state.js'
import {assistantPart} from './turns.js'

/** A reasoning text as thinking, unless it is a copy of one already shown; whether it was shown. */
export function reasoning(
  state: RolloutState,
  kind: string,
  text: string,
  source: CopySource,
  timestamp: string | undefined
): boolean {
  if (!state.duplicates.claim(kind, text, source)) return false
  const part = thinkingPart(text)
  if (part) assistantPart(state, part, timestamp)
  return part !== undefined
}

/** A `reasoning` response item: its summary, else its raw content; encrypted content is only counted. */
export function reasoningItem(state: RolloutState, item: Record<string, unknown>, timestamp: string | undefined): void {
  if (isString(item['encrypted_content']) && item['encrypted_content'] !== '') count(state, 'encrypted-reasoning')
  const summary = Array.isArray(item['summary']) ? item['summary'] : []
  let shown = false
  for (const entry of summary) {
    const text = isRecord(entry) ? stringOf(entry['text']) : undefined
    if (text) shown = reasoning(state, 'reasoning', text, 'item', timestamp) || shown
  }
  if (summary.length === 0 && Array.isArray(item['content'])) {
    for (const entry of item['content']) {
      const text = isRecord(entry) ? stringOf(entry['text']) : undefined
      if (text) reasoning(state, 'raw-reasoning', text, 'item', timestamp)
    }
  }
}

/** A 0.17x `item_completed` `Reasoning` item: its summary texts, else its raw content. */
export function completedReasoning(
  state: RolloutState,
  item: Record<string, unknown>,
  timestamp: string | undefined
): void {
  for (const text of Array.isArray(item['summary_text']) ? item['summary_text'] : []) {
    if (isString(text)) reasoning(state, 'reasoning', text, 'event', timestamp)
  }
  if (!Array.isArray(item['summary_text']) || item['summary_text'].length === 0) {
    for (const text of Array.isArray(item['raw_content']) ? item['raw_content'] : []) {
      if (isString(text)) reasoning(state, 'raw-reasoning', text, 'event', timestamp)
    }
  }
}
