import {isString} from '@chatmark/core/model'
import type {RecordStore} from '../record-store.js'
import {contentBlocks} from './message-content.js'
import type {BuildState} from './state.js'

/** Whether a tool_use with this id is anywhere in the file (collected once, on the first call). */
export function hasToolUse(state: BuildState, id: string): boolean {
  // Results are paired from the tool call's side; a result whose call is nowhere in the file is an orphan.
  state.toolUses ??= toolUseIdsOf(state.store)
  return state.toolUses.has(id)
}

/** Ids of every tool_use in the store. */
function toolUseIdsOf(store: RecordStore): Set<string> {
  const ids = new Set<string>()
  for (const entry of store.entries.values()) {
    if (entry.kind !== 'assistant') continue
    for (const block of contentBlocks(entry.record)) if (isString(block['id'])) ids.add(block['id'])
  }
  for (const list of store.loose.values())
    for (const item of list)
      for (const block of contentBlocks(item.record)) if (isString(block['id'])) ids.add(block['id'])
  return ids
}
