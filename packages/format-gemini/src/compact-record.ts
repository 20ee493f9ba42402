import {isRecord} from '@chatmark/core/model'
import {resultDisplay} from './result-display.js'
import {mayBeSummary} from './tool-calls.js'
import type {MessageLine} from './types.js'

/**
 * Drops from a message what no view of the note reads, before the replay
 * keeps it: the model-facing copy of a tool result (`toolCalls[].result`)
 * when `resultDisplay` already holds what the user saw, which is what the
 * note shows (`toolCallPart`), unless it is one line that may only sum it
 * up. Gemini CLI records each tool output up to three times (display, model
 * copy, and since v0.44 a tool-response message), and a long session must not
 * be held in memory three times over.
 */
export function compactRecord(record: MessageLine): MessageLine {
  const calls = record['toolCalls']
  if (!Array.isArray(calls)) return record
  for (const call of calls) {
    if (!isRecord(call) || call['result'] === undefined) continue
    const shown = resultDisplay(call['resultDisplay'])
    // A one-line display may be a summary the note replaces with the output (`toolCallPart`).
    if (shown !== undefined && !mayBeSummary(shown, call['name'])) delete call['result']
  }
  return record
}
