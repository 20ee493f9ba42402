import type {ToolCallPart} from '@chatmark/core/model'
import {bashResult} from './bash-mode.js'
import {placeCompactCommand} from './compaction.js'
import type {BuildState, TurnList} from './state.js'
import {pushTurn} from './state.js'
import {userTurn} from './turn.js'
import {userParts} from './user-parts.js'

/**
 * Adds a user record as a turn (a system turn when it holds only harness
 * notices). Bash mode writes the command and its output as two records: the
 * output becomes the result of the command's tool call.
 */
export function addUserRecord(state: BuildState, list: TurnList, record: Record<string, unknown>): void {
  const parts = userParts(state, record, list.turns)
  const pendingBash = list.pendingBash
  if (parts.bashOutput && pendingBash && !pendingBash.result) {
    pendingBash.result = bashResult(parts.bashOutput)
    list.pendingBash = undefined
  }
  if (parts.parts.length === 0 || placeCompactCommand(list.turns, parts.parts)) return
  const bash = parts.parts.find((part): part is ToolCallPart => part.type === 'tool-call')
  if (bash) list.pendingBash = bash
  pushTurn(list, userTurn(parts.parts, record, parts.parts.every((part) => part.type === 'notice') && parts.meta))
}
