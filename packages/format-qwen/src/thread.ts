import type {ChatEntry, RecordStore} from './read-records.js'

/** The records a note shows, root first, and what the chain left out. */
export interface Thread {
  path: ChatEntry[]
  /** Records in the file that are not on the path (a branch the user left), in file order. */
  offPath: ChatEntry[]
  /** The record whose parent is not in the file, when the chain breaks. */
  brokenAt?: ChatEntry
}

/**
 * Threads a session as Qwen Code resumes it: from the last record written
 * (each new record's `parentUuid` is the uuid of the record written before it
 * on the kept branch) up the `parentUuid` chain to the root. Records not on
 * that chain belong to a branch the user left (a `/rewind`, or a resume that
 * started from an earlier record). A parent that is not in the file ends the
 * walk there; a cycle ends it at the first repeat.
 */
export function threadSession(store: RecordStore): Thread {
  const path: ChatEntry[] = []
  const seen = new Set<string>()
  let brokenAt: ChatEntry | undefined
  for (let entry = store.last; entry && !seen.has(entry.uuid); ) {
    seen.add(entry.uuid)
    path.push(entry)
    if (entry.parent === undefined) break
    const parent = store.entries.get(entry.parent)
    if (!parent) brokenAt = entry
    entry = parent
  }
  path.reverse()
  const offPath = [...store.entries.values()].filter((entry) => !seen.has(entry.uuid))
  const thread: Thread = {path, offPath}
  if (brokenAt) thread.brokenAt = brokenAt
  return thread
}
