import {isString} from '@chatmark/core/model'
import type {Entry, RecordStore} from '../record-store.js'
import {contentBlocks} from './message-content.js'
import type {BuildState, Item} from './state.js'

/**
 * The path's entries in order, each followed by the records without uuid
 * written after it; first, unless `rest` (the path goes on from an earlier
 * part), the records without uuid written before any entry.
 */
export function* pathItems(path: readonly Entry[], store: RecordStore, rest = false): Generator<Item> {
  // Most entries have no loose records after them: nothing is allocated for those.
  const loose = (key: string): Item[] => {
    const list = store.loose.get(key)
    if (!list) return []
    return list.filter((item) => !item.sidechain).map((item) => ({record: item.record, sidechain: false}))
  }
  if (!rest) yield* loose('')
  for (const entry of path) {
    yield {record: entry.record, entry, sidechain: entry.sidechain}
    if (store.loose.has(entry.uuid)) yield* loose(entry.uuid)
  }
}

/**
 * Marks what the path's entries pull in besides themselves: the split records of their API messages and the tool
 * results that answer them. Each message once: its split records stand on the path one after another, and each
 * would pull in all of them again.
 */
export function markConsumed(state: BuildState, path: readonly Entry[]): void {
  // Only entries off the path are asked about (abandoned branches, the count of abandoned turns), so only they are
  // marked: a long session's set of most of its uuids was built for the few it ends with.
  const offPath = new Set(state.thread.offPath.map((entry) => entry.uuid))
  if (offPath.size === 0) return
  // Message ids done, for records on the main thread and in sidechains (a message's members are those of its side).
  const done = {main: new Set<string>(), sidechain: new Set<string>()}
  for (const entry of path) {
    if (entry.messageId === undefined) continue
    const ids = entry.sidechain ? done.sidechain : done.main
    if (ids.has(entry.messageId)) continue
    ids.add(entry.messageId)
    addPulledIn(state.store, entry, state.consumed, offPath)
  }
}

/**
 * Adds to `uuids` the split records of the entry's API message (itself among them) and their tool results; only
 * those in `among`, when it is given.
 */
export function addPulledIn(store: RecordStore, entry: Entry, uuids: Set<string>, among?: ReadonlySet<string>): void {
  if (entry.messageId === undefined) return
  const add = (uuid: string): void => {
    if (among === undefined || among.has(uuid)) uuids.add(uuid)
  }
  for (const member of store.byMessageId.get(entry.messageId) ?? []) {
    if (member.sidechain !== entry.sidechain) continue
    add(member.uuid)
    for (const block of contentBlocks(member.record)) {
      if (!isString(block['id'])) continue
      const result = store.results.get(block['id'])
      if (result?.uuid !== undefined) add(result.uuid)
    }
  }
}
