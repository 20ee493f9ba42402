import type {Turn} from '@chatmark/core/model'
import {addAssistantRecord} from './assistant-record.js'
import {attachmentParts} from './attachment-parts.js'
import type {BuildState, Item} from './state.js'
import {closeOpenTurn, createTurnList, pushTurn} from './state.js'
import {systemParts} from './system-parts.js'
import {userTurn} from './turn.js'
import {addUserRecord} from './user-record.js'

/** Turns the records of the thread, of a branch or of a subagent into turns, in order. */
export function buildTurns(state: BuildState, items: Iterable<Item>, main: boolean): Turn[] {
  const list = createTurnList(main)
  for (const item of items) {
    const {record} = item
    const type = record['type']
    if (type === 'assistant') addAssistantRecord(state, list, item)
    else if (type === 'user') addUserRecord(state, list, record)
    else if (type === 'system') {
      const parts = systemParts(state, record)
      if (parts.length > 0) pushTurn(list, userTurn(parts, record, true))
    } else if (type === 'attachment') {
      const parts = attachmentParts(state, record)
      // A queued prompt is the user's; harness context is a system turn.
      const system = parts.every((part) => part.type === 'notice')
      if (parts.length > 0) pushTurn(list, userTurn(parts, record, system))
    }
  }
  closeOpenTurn(list)
  return list.turns
}
