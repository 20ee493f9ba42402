import {isString, timeOf} from '@chatmark/core/model'
import {contentParts} from './content-parts.js'
import {contentSignature} from './content-signature.js'
import {isConversational, isModelType, userMessageKind} from './message-kind.js'
import type {MessageLine} from './types.js'
import {isMessageLine} from './types.js'

/** A recorded message kept in the note. */
export interface MessageEntry {
  kind: 'message'
  /**
   * Its own id, and the ids checkpoint copies of it were given: a list, as almost every message has one id (a set
   * for each was a tenth of a long session's history). Each id is only looked up, so one listed twice is harmless.
   */
  ids: string[]
  record: MessageLine
  signature?: string
}

/** A compression checkpoint, kept where it happened. */
export interface CompressionEntry {
  kind: 'compression'
  /** Ids of the checkpoint messages it stands for (summary, acknowledgement). */
  ids: string[]
  summary?: string
  timestamp?: string
}

/** One entry of the note, in order. */
export type NoteEntry = MessageEntry | CompressionEntry

/** The text of the CLI's fixed model reply after a compression summary (`chatCompressionService.ts`). */
export const compressionAcknowledgement = 'Got it. Thanks for the additional context!'

/** What a checkpoint did, as far as the note is concerned. */
export type CheckpointEffect = 'none' | 'restated' | 'rolled-back' | 'compressed' | 'extended'

/**
 * The note's view of a session: every message said, in the order it was
 * first recorded, whatever later checkpoints did to the model's history.
 * It follows the CLI's loader for message lines (first position, last
 * content) and for `/rewind` (the user's own undo), but a `$set.messages`
 * checkpoint never removes a turn: its messages are matched to the turns
 * they copy, and a compression becomes one notice where it happened.
 */
export interface NoteHistory {
  readonly entries: readonly NoteEntry[]
  /** Checkpoint message ids recognised as compression summaries and acknowledgements. */
  readonly compressionIds: ReadonlyMap<string, 'summary' | 'acknowledgement'>
  /** A message line: new ids are appended, known ids replaced in place. */
  message(record: MessageLine): void
  /**
   * A checkpoint (the last of a run of consecutive ones), given the entries
   * the loader held before the run.
   */
  checkpoint(
    messages: readonly unknown[],
    liveBefore: readonly NoteEntry[],
    timestamp: string | undefined
  ): CheckpointEffect
  /**
   * A rewind already applied to the loader: `touched` are the entries whose
   * ids it deleted, `isLive` answers after it. Returns the entries removed,
   * or `undefined` when the id is not known at all.
   */
  rewind(id: string, touched: ReadonlySet<NoteEntry>, isLive: (entry: NoteEntry) => boolean): NoteEntry[] | undefined
  /** The entry a message id stands for, if it is still in the note. */
  resolve(id: string): NoteEntry | undefined
  /** Hands over the entries and forgets them, so they can be freed one by one as they are converted. */
  release(): NoteEntry[]
}

/** Creates an empty {@link NoteHistory}. */
export function createNoteHistory(): NoteHistory {
  let entries: NoteEntry[] = []
  const index = new Map<string, NoteEntry>()
  const compressionIds = new Map<string, 'summary' | 'acknowledgement'>()
  // Positions of entries, rebuilt after a change in the middle: long sessions
  // hold tens of thousands of entries, so no lookup may scan them.
  let positions: Map<NoteEntry, number> | undefined

  const positionOf = (entry: NoteEntry): number => {
    if (!positions) positions = new Map(entries.map((item, at) => [item, at]))
    return positions.get(entry) ?? -1
  }
  const append = (entry: NoteEntry): void => {
    positions?.set(entry, entries.length)
    entries.push(entry)
    for (const id of entry.ids) index.set(id, entry)
  }
  const replaceAll = (next: NoteEntry[]): void => {
    entries = next
    positions = undefined
  }
  const signatureOf = (entry: MessageEntry): string => (entry.signature ??= contentSignature(entry.record))

  return {
    get entries() {
      return entries
    },
    compressionIds,
    resolve: (id) => index.get(id),
    release() {
      const all = entries
      entries = []
      positions = undefined
      index.clear()
      return all
    },

    message(record) {
      const existing = index.get(record.id)
      if (existing?.kind === 'message') {
        existing.record = record
        delete existing.signature
        return
      }
      append({kind: 'message', ids: [record.id], record})
    },

    checkpoint(messages, liveBefore, timestamp) {
      const matched = new Set<NoteEntry>()
      let highest = -1
      const fresh: Array<{record: MessageLine; after: NoteEntry | undefined}> = []
      const freshIds = new Set<string>()
      let previous: NoteEntry | undefined
      const copies = copyIndex()

      for (const value of messages) {
        if (!isMessageLine(value)) continue
        let entry = index.get(value.id)
        if (!entry && !freshIds.has(value.id)) {
          entry = findCopy(copies, value, matched, highest)
          if (entry) {
            entry.ids.push(value.id)
            index.set(value.id, entry)
          }
        }
        if (entry) {
          matched.add(entry)
          if (entry.kind === 'compression' || isConversational(entry.record))
            highest = Math.max(highest, positionOf(entry))
          previous = entry
          continue
        }
        if (freshIds.has(value.id)) continue
        freshIds.add(value.id)
        fresh.push({record: value, after: previous})
      }

      const dropped = liveBefore.filter(
        (entry): entry is MessageEntry =>
          entry.kind === 'message' && isConversational(entry.record) && !matched.has(entry)
      )
      const droppedEarly = dropped.some((entry) => positionOf(entry) < highest)
      const content = fresh.filter(
        ({record}) =>
          isModelType(record['type']) ||
          (record['type'] === 'user' &&
            userMessageKind(record) !== 'injected-context' &&
            userMessageKind(record) !== 'tool-response')
      )
      const compressed = droppedEarly || (content.length > 0 && dropped.length > 0)

      if (compressed) {
        const summary = content.find(({record}) => record['type'] === 'user')?.record
        const entry: CompressionEntry = {kind: 'compression', ids: []}
        for (const {record} of content) {
          entry.ids.push(record.id)
          compressionIds.set(record.id, record === summary ? 'summary' : 'acknowledgement')
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
        append(entry)
      }
      // Messages that copy no known turn (injected context, `<id>_response`
      // copies of tool results, or turns only a checkpoint ever held) keep
      // their place relative to the checkpoint's matched turns.
      // All of them are placed in one pass over the entries.
      const inSummary = new Set(compressed ? content.map((item) => item.record) : [])
      const placed = new Map<NoteEntry | undefined, MessageEntry[]>()
      for (const {record, after} of fresh) {
        if (inSummary.has(record)) continue
        const entry: MessageEntry = {kind: 'message', ids: [record.id], record}
        for (const entryId of entry.ids) index.set(entryId, entry)
        const list = placed.get(after)
        if (list) list.push(entry)
        else placed.set(after, [entry])
      }
      if (placed.size > 0) {
        // Those that follow no matched turn go before the first matched one.
        const leading = placed.get(undefined) ?? []
        const first = entries.find((entry) => matched.has(entry))
        const next: NoteEntry[] = []
        for (const entry of entries) {
          if (entry === first) next.push(...leading)
          next.push(entry, ...(placed.get(entry) ?? []))
        }
        if (!first) next.push(...leading)
        replaceAll(next)
      }

      if (compressed) return 'compressed'
      if (content.length > 0) return 'extended'
      if (dropped.length > 0) return 'rolled-back'
      return 'restated'
    },

    rewind(id, touched, isLive) {
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
      for (const entry of removed)
        for (const entryId of entry.ids) if (index.get(entryId) === entry) index.delete(entryId)
      return [...removed]
    }
  }

  /**
   * Message entries by type, then signature, in note order. Two levels rather than one `type + signature` key:
   * a signature holds a message's whole text, and a joined key would copy every text of the session at each
   * checkpoint.
   */
  function copyIndex(): Map<string, Map<string, MessageEntry[]>> {
    const copies = new Map<string, Map<string, MessageEntry[]>>()
    for (const entry of entries) {
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
      if (positionOf(entry) > after) return entry
      fallback ??= entry
    }
    return fallback
  }
}
