import {isRecord, isString, stringOf} from '@chatmark/core/model'
import {createSharedStrings} from '@chatmark/core/read'
import {keptRecord} from './kept-record.js'
import type {ChainType} from './types.js'
import {bookkeepingTypes, isChainType, titleTypes} from './types.js'

/** A record that takes part in the `uuid` chain (any record with a string `uuid`). */
export interface Entry {
  uuid: string
  /** `parentUuid`, when it is a string. */
  parent?: string | undefined
  /** `logicalParentUuid` of a compact boundary. */
  logicalParent?: string | undefined
  /** A chain type, or `other` for a record of another type that still has a `uuid`. */
  kind: ChainType | 'other'
  /** File order (0-based, over every kept record). */
  position: number
  /** 1-based input line (or loglines index + 1). */
  line: number
  sidechain: boolean
  sessionId?: string | undefined
  agentId?: string | undefined
  /** API message id of an assistant record. */
  messageId?: string | undefined
  /** The record, with what no note reads dropped. */
  record: Record<string, unknown>
  /** The entry {@link parent} (or {@link logicalParent}) names, as threading found it; `null`: not in the file. */
  resolvedParent?: Entry | null | undefined
  /** The first entry whose parent this one is, in file order, as threading found it. */
  child?: Entry | undefined
}

/** A `user` / `assistant` record without a `uuid`: kept in file order after the chain record before it. */
export interface LooseRecord {
  position: number
  line: number
  sidechain: boolean
  record: Record<string, unknown>
}

/** A tool result, by the id of the tool_use it answers. */
export interface ResultInfo {
  block: Record<string, unknown>
  /** The record's `toolUseResult`, slimmed to the fields a note reads. */
  rich?: unknown
  sidechain: boolean
  /** The uuid of the record that holds it. */
  uuid?: string
}

/** Everything read from a session, ready to be threaded. */
export interface RecordStore {
  entries: Map<string, Entry>
  /** Loose records by the uuid of the chain record before them (`''`: before any). */
  loose: Map<string, LooseRecord[]>
  /** Tool results by tool_use id. */
  results: Map<string, ResultInfo>
  /** Assistant entries by API message id, in file order. */
  byMessageId: Map<string, Entry[]>
  titles: {custom?: string; ai?: string; summaries: Array<{summary: string; leafUuid?: string}>}
  /** Counts for the fidelity map (unknown record types, duplicate uuids). */
  fidelity: Record<string, number>
  /** Unknown record types seen, for one message. */
  unknownTypes: Set<string>
  /** How many records of a chain type or with a uuid were read. */
  recognised: number
  /**
   * Set when the file is a subagent's own transcript (`agent-<id>.jsonl`): its
   * first chain record is a sidechain, the rule the Agent SDK's session lister
   * uses. Its records are then the file's main thread, not set aside.
   */
  subagent?: {agentId?: string}
}

/** Creates an empty store and the function that adds one parsed record to it. */
export function createRecordStore(): {store: RecordStore; add: (value: unknown, line: number) => void} {
  const store: RecordStore = {
    entries: new Map(),
    loose: new Map(),
    results: new Map(),
    byMessageId: new Map(),
    titles: {summaries: []},
    fidelity: {},
    unknownTypes: new Set(),
    recognised: 0
  }
  let position = 0
  let previous = ''
  let firstChain = true
  const strings = createSharedStrings()
  const count = (reason: string): void => {
    store.fidelity[reason] = (store.fidelity[reason] ?? 0) + 1
  }

  function add(value: unknown, line: number): void {
    if (!isRecord(value) || !isString(value['type'])) {
      count('unknown-record')
      return
    }
    const type = value['type']
    if (titleTypes.has(type)) {
      store.recognised++
      readTitle(store, value)
      return
    }
    const uuid = stringOf(value['uuid'])
    if (isChainType(type)) store.recognised++
    else {
      if (bookkeepingTypes.has(type)) store.recognised++
      else {
        count('unknown-record')
        store.unknownTypes.add(type)
      }
      // A record of another type that has a uuid still links the chain.
      if (uuid === undefined) return
    }
    if (firstChain && isChainType(type)) {
      firstChain = false
      if (value['isSidechain'] === true) {
        const agentId = stringOf(value['agentId'])
        store.subagent = agentId === undefined ? {} : {agentId}
      }
    }
    const sidechain = value['isSidechain'] === true && store.subagent === undefined
    const record = keptRecord(value, strings)
    if (type === 'user') collectResults(store, record, sidechain)
    if (uuid === undefined) {
      if (type !== 'user' && type !== 'assistant') return
      const item = {position: position++, line, sidechain, record}
      const list = store.loose.get(previous)
      if (list) list.push(item)
      else store.loose.set(previous, [item])
      return
    }
    const message = record['message']
    const messageId = type === 'assistant' && isRecord(message) && isString(message['id']) ? message['id'] : undefined
    const parent = stringOf(value['parentUuid'])
    // Every field set, absent ones to undefined, in one order: entries of one shape keep the threading code that
    // reads them optimised (each new combination of fields was a new shape, and a deoptimisation).
    const entry: Entry = {
      uuid,
      kind: isChainType(type) ? type : 'other',
      position: position++,
      line,
      sidechain,
      record,
      // The parent is most often the record before: its uuid is then kept once, not twice.
      parent: parent === previous ? previous : parent,
      logicalParent: stringOf(value['logicalParentUuid']),
      // An empty `sessionId` (a damaged line) names no session: the line stays in the file's own, never a session "".
      sessionId: stringOf(strings.share(value['sessionId']))?.trim() || undefined,
      agentId: stringOf(strings.share(value['agentId'])),
      messageId,
      resolvedParent: undefined,
      child: undefined
    }
    if (messageId !== undefined) {
      // A message has a record per content block, a few: its list is made to size each time (`concat`), where one
      // grown by `push` or a spread holds room for seventeen (in a session of short messages, a tenth of its store).
      const list = store.byMessageId.get(messageId)
      if (!list) store.byMessageId.set(messageId, [entry])
      else if (list.length < 8) store.byMessageId.set(messageId, list.concat(entry))
      else list.push(entry)
    }
    // Duplicate uuid: the last record wins, as in the official reader. One lookup, not `has` then `set`: a long
    // session's map is large, and each lookup is a cache miss.
    const known = store.entries.size
    store.entries.set(uuid, entry)
    if (store.entries.size === known) count('duplicate-uuid')
    previous = uuid
  }

  return {store, add}
}

function readTitle(store: RecordStore, value: Record<string, unknown>): void {
  const custom = stringOf(value['customTitle'])
  if (custom !== undefined && /\S/.test(custom)) store.titles.custom = custom
  const ai = stringOf(value['aiTitle'])
  if (ai !== undefined && /\S/.test(ai)) store.titles.ai = ai
  const summary = stringOf(value['summary'])
  if (value['type'] === 'summary' && summary !== undefined && /\S/.test(summary)) {
    const leafUuid = stringOf(value['leafUuid'])
    store.titles.summaries.push(leafUuid === undefined ? {summary} : {summary, leafUuid})
  }
}

function collectResults(store: RecordStore, record: Record<string, unknown>, sidechain: boolean): void {
  const message = record['message']
  if (!isRecord(message) || !Array.isArray(message['content'])) return
  for (const block of message['content']) {
    if (!isRecord(block) || block['type'] !== 'tool_result' || !isString(block['tool_use_id'])) continue
    const info: ResultInfo = {block, sidechain}
    if (isString(record['uuid'])) info.uuid = record['uuid']
    if (record['toolUseResult'] !== undefined) info.rich = record['toolUseResult']
    store.results.set(block['tool_use_id'], info)
  }
}
