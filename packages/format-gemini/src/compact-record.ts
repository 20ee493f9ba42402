import {isRecord} from '@chatmark/core/model'
import {resultDisplay} from './result-display.js'
import type {MessageLine} from './types.js'

/**
 * Drops from a message what no view of the note reads, before the replay
 * keeps it: the model-facing copy of a tool result (`toolCalls[].result`)
 * when `resultDisplay` already holds what the user saw, which is what the
 * note shows (`toolCallPart`). Gemini CLI records each tool output up to three
 * times (display, model copy, and since v0.44 a tool-response message), and a
 * long session must not be held in memory three times over.
 */
export function compactRecord(record: MessageLine): MessageLine {
  const calls = record['toolCalls']
  if (!Array.isArray(calls)) return record
  for (const call of calls) {
    if (isRecord(call) && call['result'] !== undefined && resultDisplay(call['resultDisplay']) !== undefined) {
      delete call['result']
    }
  }
  return record
}
