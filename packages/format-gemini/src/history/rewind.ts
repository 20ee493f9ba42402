import type {HistoryState} from './history-state.js'
import type {NoteEntry} from './note-entry.js'

/** A rewind already applied to the loader (see `NoteHistory.rewind`): the entries removed, or `undefined`. */
export function applyRewind(
  state: HistoryState,
  id: string,
  touched: ReadonlySet<NoteEntry>,
  isLive: (entry: NoteEntry) => boolean
): NoteEntry[] | undefined {
  const {entries, positions, index} = state
  const target = index.get(id)
  if (!target) return undefined
  // A rewind target is nearly always recent: search from the end.
  const position = entries.lastIndexOf(target)
  const removed = new Set<NoteEntry>()
  let start = position
  for (const entry of touched) {
    if (isLive(entry)) continue
    removed.add(entry)
    start = Math.min(start, entries.lastIndexOf(entry))
  }
  for (let at = position; at < entries.length; at++) {
    const entry = entries[at]
    if (entry && !isLive(entry)) removed.add(entry)
  }
  if (removed.size === 0) return []
  // Only the tail from the first removed entry changes.
  const tail = entries.slice(start).filter((entry) => !removed.has(entry))
  entries.length = start
  for (const entry of removed) positions?.delete(entry)
  for (const entry of tail) {
    positions?.set(entry, entries.length)
    entries.push(entry)
  }
  for (const entry of removed) for (const entryId of entry.ids) if (index.get(entryId) === entry) index.delete(entryId)
  return [...removed]
}
