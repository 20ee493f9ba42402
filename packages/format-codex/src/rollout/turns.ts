import type {NoticePart, Part, Turn} from '@chatmark/core/model'
import {modelParticipant, userParticipant} from '@chatmark/core/model'
import type {CopySource} from '../duplicates.js'
import {zeroTokens} from '../tokens.js'
import type {RolloutState} from './state.js'
import {hasParent} from './state.js'

/** The note's two participants. */
export const user = userParticipant()
export const model = modelParticipant('codex', 'Codex')

/** A turn id from `turn_context`, `task_started` or `turn_started`: a new Codex turn when it differs. */
export function startTurn(state: RolloutState, id: string | undefined): void {
  if (!id) return
  state.keyedByIds = true
  if (id !== state.turnKey) newTurn(state, id)
}

function newTurn(state: RolloutState, key: string): void {
  state.turnKey = key
  state.open = undefined
  state.turnError = undefined
  // Without turn ids a prompt opens the turn after its first copy was claimed: the pool must outlive it.
  if (state.keyedByIds) state.duplicates.clear()
  state.turnStartTotal = state.lastTotal ?? (hasParent(state.meta) ? undefined : zeroTokens)
  state.turnCarried = undefined
}

/** A user turn; in files without turn ids, also the start of a Codex turn. */
export function prompt(
  state: RolloutState,
  parts: Part[],
  timestamp: string | undefined,
  id: string | undefined
): void {
  if (!state.keyedByIds) newTurn(state, `prompt-${++state.prompts}`)
  state.open = undefined
  state.compaction = undefined
  const turn: Turn = {role: 'user', author: user.id, parts}
  if (id) turn.id = id
  if (timestamp) turn.timestamp = timestamp
  state.turns.push(turn)
}

/** Adds a part to the open assistant turn, opening one when none is. */
export function assistantPart(state: RolloutState, part: Part, timestamp: string | undefined): void {
  state.compaction = undefined
  let open = state.open
  if (!open) {
    open = {role: 'assistant', author: model.id, parts: []}
    const {turnKey} = state
    if (turnKey && state.keyedByIds) open.id = turnKey
    if (timestamp) open.timestamp = timestamp
    if (state.currentModel) open.model = state.currentModel
    state.turns.push(open)
    if (turnKey) state.assistantByKey.set(turnKey, open)
    state.open = open
  }
  open.parts.push(part)
}

/** An assistant message, unless it is a copy of one already shown. */
export function assistantText(
  state: RolloutState,
  text: string,
  source: CopySource,
  timestamp: string | undefined
): void {
  if (state.duplicates.claim('assistant', text, source)) assistantPart(state, {type: 'text', text}, timestamp)
}

/** A notice in a system turn of its own; it closes the open assistant turn. */
export function notice(state: RolloutState, part: NoticePart, timestamp: string | undefined): void {
  state.open = undefined
  state.turns.push({role: 'system', ...(timestamp ? {timestamp} : {}), parts: [part]})
}
