import {isString, timeOf} from '@chatmark/core/model'
import {contentParts} from '../content-parts.js'
import {contentSignature} from '../content-signature.js'
import {isConversational, isModelType, userMessageKind} from '../message-kind.js'
import type {MessageLine} from '../types.js'
import {isMessageLine} from '../types.js'
import type {HistoryState} from './history-state.js'
import {appendEntry, positionOf, replaceEntries, signatureOf} from './history-state.js'
import type {CheckpointEffect, CompressionEntry, MessageEntry, NoteEntry} from './note-entry.js'

/** A checkpoint message that copies no known turn, and the matched entry it came after. */
interface FreshMessage {
  record: MessageLine
  after: NoteEntry | undefined
}

/** What a checkpoint's messages are, next to the note: the turns they copy, and those they add. */
interface CheckpointMatch {
  matched: Set<NoteEntry>
  /** The position of the last conversational turn (or compression) matched. */
  highest: number
  fresh: FreshMessage[]
}

/** A checkpoint (see `NoteHistory.checkpoint`). */
export function applyCheckpoint(
  state: HistoryState,
  messages: readonly unknown[],
  liveBefore: readonly NoteEntry[],
  timestamp: string | undefined
): CheckpointEffect {
  const {matched, highest, fresh} = matchCheckpoint(state, messages)
  const dropped = liveBefore.filter(
    (entry): entry is MessageEntry => entry.kind === 'message' && isConversational(entry.record) && !matched.has(entry)
  )
  const droppedEarly = dropped.some((entry) => positionOf(state, entry) < highest)
  const content = fresh.filter(
    ({record}) =>
      isModelType(record['type']) ||
      (record['type'] === 'user' &&
        userMessageKind(record) !== 'injected-context' &&
        userMessageKind(record) !== 'tool-response')
  )
  const compressed = droppedEarly || (content.length > 0 && dropped.length > 0)
  if (compressed) appendEntry(state, compressionEntry(state, content, timestamp))
  placeFresh(state, fresh, matched, new Set(compressed ? content.map((item) => item.record) : []))
  if (compressed) return 'compressed'
  if (content.length > 0) return 'extended'
  if (dropped.length > 0) return 'rolled-back'
  return 'restated'
}

/** Matches each message of a checkpoint to the turn it is (by id) or copies (by content); the others are fresh. */
function matchCheckpoint(state: HistoryState, messages: readonly unknown[]): CheckpointMatch {
  const match: CheckpointMatch = {matched: new Set(), highest: -1, fresh: []}
  const freshIds = new Set<string>()
  let previous: NoteEntry | undefined
  const copies = copyIndex(state)
  for (const value of messages) {
    if (!isMessageLine(value)) continue
    let entry = state.index.get(value.id)
    if (!entry && !freshIds.has(value.id)) {
      entry = findCopy(state, copies, value, match.matched, match.highest)
      if (entry) {
        entry.ids.push(value.id)
        state.index.set(value.id, entry)
      }
    }
    if (entry) {
      match.matched.add(entry)
      if (entry.kind === 'compression' || isConversational(entry.record))
        match.highest = Math.max(match.highest, positionOf(state, entry))
      previous = entry
      continue
    }
    if (freshIds.has(value.id)) continue
    freshIds.add(value.id)
    match.fresh.push({record: value, after: previous})
  }
  return match
}

/** The compression a checkpoint's new content stands for: its summary (the user message) and its time. */
function compressionEntry(
  state: HistoryState,
  content: readonly FreshMessage[],
  timestamp: string | undefined
): CompressionEntry {
  const summary = content.find(({record}) => record['type'] === 'user')?.record
  const entry: CompressionEntry = {kind: 'compression', ids: []}
  for (const {record} of content) {
    entry.ids.push(record.id)
    state.compressionIds.set(record.id, record === summary ? 'summary' : 'acknowledgement')
  }
  if (summary) {
    const text = contentParts(summary['content'])
      .parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))
      .join('\n\n')
      .trim()
    if (text) entry.summary = text
  }
  const at = (summary && timeOf(summary['timestamp'])) ?? timeOf(timestamp)
  if (at) entry.timestamp = at
  return entry
}

/**
 * Messages that copy no known turn (injected context, `<id>_response`
 * copies of tool results, or turns only a checkpoint ever held) keep
 * their place relative to the checkpoint's matched turns.
 * All of them are placed in one pass over the entries.
 */
function placeFresh(
  state: HistoryState,
  fresh: readonly FreshMessage[],
  matched: ReadonlySet<NoteEntry>,
  inSummary: ReadonlySet<MessageLine>
): void {
  const placed = new Map<NoteEntry | undefined, MessageEntry[]>()
  for (const {record, after} of fresh) {
    if (inSummary.has(record)) continue
    const entry: MessageEntry = {kind: 'message', ids: [record.id], record}
    for (const entryId of entry.ids) state.index.set(entryId, entry)
    const list = placed.get(after)
    if (list) list.push(entry)
    else placed.set(after, [entry])
  }
  if (placed.size === 0) return
  // Those that follow no matched turn go before the first matched one.
  const leading = placed.get(undefined) ?? []
  const first = state.entries.find((entry) => matched.has(entry))
  const next: NoteEntry[] = []
  for (const entry of state.entries) {
    if (entry === first) next.push(...leading)
    next.push(entry, ...(placed.get(entry) ?? []))
  }
  if (!first) next.push(...leading)
  replaceEntries(state, next)
}

/**
 * Message entries by type, then signature, in note order. Two levels rather than one `type + signature` key:
 * a signature holds a message's whole text, and a joined key would copy every text of the session at each
 * checkpoint.
 */
function copyIndex(state: HistoryState): Map<string, Map<string, MessageEntry[]>> {
  const copies = new Map<string, Map<string, MessageEntry[]>>()
  for (const entry of state.entries) {
    if (entry.kind !== 'message') continue
    const type = entry.record['type']
    if (!isString(type)) continue
    const signature = signatureOf(entry)
    if (signature === '') continue
    let bySignature = copies.get(type)
    if (!bySignature) {
      bySignature = new Map()
      copies.set(type, bySignature)
    }
    const list = bySignature.get(signature)
    if (list) list.push(entry)
    else bySignature.set(signature, [entry])
  }
  return copies
}

// The earliest unmatched turn of the same type saying the same thing,
// preferring one after the last match (checkpoints keep history order).
function findCopy(
  state: HistoryState,
  copies: ReadonlyMap<string, ReadonlyMap<string, MessageEntry[]>>,
  record: MessageLine,
  matched: ReadonlySet<NoteEntry>,
  after: number
): MessageEntry | undefined {
  const type = record['type']
  if (!isString(type)) return undefined
  const signature = contentSignature(record)
  if (signature === '') return undefined
  let fallback: MessageEntry | undefined
  for (const entry of copies.get(type)?.get(signature) ?? []) {
    if (matched.has(entry)) continue
    if (positionOf(state, entry) > after) return entry
    fallback ??= entry
  }
  return fallback
}
