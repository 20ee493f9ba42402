import {stringOf} from '@chatmark/core/model'
import {createSharedStrings} from '@chatmark/core/read'
import {isChatRecord} from './types.js'

/** A chat record of the file, with where it was read. */
export interface ChatEntry {
  uuid: string
  /** `parentUuid`, when it is a string (null at the root). */
  parent?: string
  /** 1-based input line. */
  line: number
  /** File order, from 0. */
  position: number
  record: Record<string, unknown>
}

/** Every chat record of a session file, by uuid, with what could not be read. */
export interface RecordStore {
  entries: Map<string, ChatEntry>
  /** The last record in file order: the session's current leaf. */
  last?: ChatEntry
  /** Counts for the fidelity map (`unknown-record`, `duplicate-uuid`). */
  fidelity: Record<string, number>
  /** Line of each record that is not a chat record, for one message. */
  unknownLines: number[]
}

/** Fields whose value is the same on every record of a session, or nearly. */
const sharedFields = ['sessionId', 'cwd', 'version', 'gitBranch', 'model', 'provenance'] as const

/** Creates an empty store and the function that adds one parsed line to it. */
export function createRecordStore(): {store: RecordStore; add: (value: unknown, line: number) => void} {
  const store: RecordStore = {entries: new Map(), fidelity: {}, unknownLines: []}
  let position = 0
  const strings = createSharedStrings()
  const add = (value: unknown, line: number): void => {
    const uuid = isChatRecord(value) ? stringOf(value['uuid']) : undefined
    if (!isChatRecord(value) || uuid === undefined) {
      store.fidelity['unknown-record'] = (store.fidelity['unknown-record'] ?? 0) + 1
      store.unknownLines.push(line)
      return
    }
    // A later record with the same uuid wins, as a map keyed by uuid keeps it.
    if (store.entries.has(uuid)) store.fidelity['duplicate-uuid'] = (store.fidelity['duplicate-uuid'] ?? 0) + 1
    // The session's strings are kept once, and a parent that is the record before is its uuid, not a copy: a long
    // session's records are all kept until it is threaded. (Values replaced in place keep the record's shape.)
    for (const field of sharedFields) if (typeof value[field] === 'string') value[field] = strings.share(value[field])
    if (store.last !== undefined && value['parentUuid'] === store.last.uuid) value['parentUuid'] = store.last.uuid
    const parent = stringOf(value['parentUuid'])
    const entry: ChatEntry = {uuid, line, position: position++, record: value}
    if (parent !== undefined && parent !== uuid) entry.parent = parent
    store.entries.delete(uuid)
    store.entries.set(uuid, entry)
    store.last = entry
  }
  return {store, add}
}
