import type {NoticePart, Part, Turn} from '@chatmark/core/model'
import {modelParticipant, stringOf, userParticipant} from '@chatmark/core/model'

/** The conversation's two participants. */
export const user = userParticipant()
export const model = modelParticipant('claude', 'Claude')

/** A system turn holding one notice, at the record's time. */
export function noticeTurn(notice: NoticePart, record: Record<string, unknown>): Turn {
  const turn: Turn = {role: 'system', parts: [notice]}
  const timestamp = stringOf(record['timestamp'])
  if (timestamp !== undefined) turn.timestamp = timestamp
  return turn
}

/** A user turn (or a system turn, when it holds only harness text) with the record's uuid and time. */
export function userTurn(parts: Part[], record: Record<string, unknown>, system: boolean): Turn {
  // Parts gathered by `push` leave room for seventeen: the turn keeps a list of their size.
  const kept = parts.slice()
  const turn: Turn = system ? {role: 'system', parts: kept} : {role: 'user', author: user.id, parts: kept}
  const uuid = stringOf(record['uuid'])
  if (uuid !== undefined) turn.id = uuid
  const timestamp = stringOf(record['timestamp'])
  if (timestamp !== undefined) turn.timestamp = timestamp
  return turn
}
