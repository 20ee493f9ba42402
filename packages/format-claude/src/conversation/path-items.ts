import {isString} from '@chatmark/core/model'
import type {Entry, RecordStore} from '../record-store.js'
import {contentBlocks} from './message-content.js'
import type {BuildState, Item} from './state.js'

/** The path's entries in order, each followed by the records without uuid written after it. */
export function* pathItems(path: Entry[], store: RecordStore): Generator<Item> {
  // Most entries have no loose records after them: nothing is allocated for those.
  const loose = (key: string): Item[] => {
    const list = store.loose.get(key)
    if (!list) return []
    return list.filter((item) => !item.sidechain).map((item) => ({record: item.record, sidechain: false}))
  }
  yield* loose('')
  for (const entry of path) {
    yield {record: entry.record, entry, sidechain: entry.sidechain}
    yield* loose(entry.uuid)
  }
}

/** Marks what a path entry pulls in besides itself: the split records of its API message and their tool results. */
export function markConsumed(state: BuildState, entry: Entry): void {
  addPulledIn(state.store, entry, state.consumed)
}

/** Adds to `uuids` the split records of the entry's API message (itself among them) and their tool results. */
export function addPulledIn(store: RecordStore, entry: Entry, uuids: Set<string>): void {
  if (entry.messageId === undefined) return
  for (const member of store.byMessageId.get(entry.messageId) ?? []) {
    if (member.sidechain !== entry.sidechain) continue
    uuids.add(member.uuid)
    for (const block of contentBlocks(member.record)) {
      if (!isString(block['id'])) continue
      const result = store.results.get(block['id'])
      if (result?.uuid !== undefined) uuids.add(result.uuid)
    }
  }
}
