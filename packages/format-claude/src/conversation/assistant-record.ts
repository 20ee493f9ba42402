import {addTokens, stringOf} from '@chatmark/core/model'
import {assistantParts} from './assistant-parts.js'
import {messageIdOf} from './message-content.js'
import type {BuildState, Item, TurnList} from './state.js'
import {pushTurn} from './state.js'
import {model, noticeTurn} from './turn.js'

/**
 * Adds an assistant record: an API error or synthetic message as a notice
 * turn, anything else to the open assistant turn (opened here when there is
 * none), with its model and its tokens.
 */
export function addAssistantRecord(state: BuildState, list: TurnList, item: Item): void {
  const {record} = item
  const parts = assistantParts(state, item, list.main)
  if (!parts) return
  if (parts.notice) {
    pushTurn(list, noticeTurn(parts.notice, record))
    return
  }
  if (parts.parts.length === 0) return
  let open = list.open
  if (!open) {
    open = {role: 'assistant', author: model.id, parts: []}
    const id = messageIdOf(record) ?? stringOf(record['uuid'])
    if (id !== undefined) open.id = id
    const timestamp = stringOf(record['timestamp'])
    if (timestamp !== undefined) open.timestamp = timestamp
    list.turns.push(open)
    list.open = open
  }
  open.parts.push(...parts.parts)
  if (parts.model !== undefined) {
    open.model ??= parts.model
    if (list.main && !state.models.includes(parts.model)) state.models.push(parts.model)
  }
  if (parts.tokens) {
    open.tokens ??= {}
    addTokens(open.tokens, parts.tokens)
  }
}
