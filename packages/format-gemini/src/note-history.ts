import {isString, stringOf} from '@chatmark/core'
import {contentParts} from './content-parts.js'
import {contentSignature} from './content-signature.js'
import {isConversational, userMessageKind} from './message-kind.js'
import type {MessageLine} from './types.js'
import {isMessageLine} from './types.js'

/** A recorded message kept in the note. */
export interface MessageEntry {
  kind: 'message'
  /** Its own id, and the ids checkpoint copies of it were given. */
  ids: Set<string>
  record: MessageLine
  signature?: string
}

/** A compression checkpoint, kept where it happened. */
export interface CompressionEntry {
  kind: 'compression'
  /** Ids of the checkpoint messages it stands for (summary, acknowledgement). */
  ids: Set<string>
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
  checkpoint(messages: readonly unknown[], liveBefore: readonly NoteEntry[], timestamp: string | undefined): CheckpointEffect
  /**
   * A rewind already applied to the loader (`isLive` answers after it;
   * `liveBefore` before it). Returns the entries removed, or `undefined` when
   * the id is not known at all.
   */
  rewind(id: string, liveBefore: ReadonlySet<NoteEntry>, isLive: (entry: NoteEntry) => boolean): NoteEntry[] | undefined
  /** The entry a message id stands for, if it is still in the note. */
  resolve(id: string): NoteEntry | undefined
}

/** Creates an empty {@link NoteHistory}. */
export function createNoteHistory(): NoteHistory {
  let entries: NoteEntry[] = []
  const index = new Map<string, NoteEntry>()
  const compressionIds = new Map<string, 'summary' | 'acknowledgement'>()

  const add = (entry: NoteEntry, at = entries.length): void => {
    entries.splice(at, 0, entry)
    for (const id of entry.ids) index.set(id, entry)
  }
  const signatureOf = (entry: MessageEntry): string => (entry.signature ??= contentSignature(entry.record))

  return {
    get entries() {
      return entries
    },
    compressionIds,
    resolve: (id) => index.get(id),

    message(record) {
      const existing = index.get(record.id)
      if (existing?.kind === 'message') {
        existing.record = record
        delete existing.signature
        return
      }
      add({kind: 'message', ids: new Set([record.id]), record})
    },

    checkpoint(messages, liveBefore, timestamp) {
      const matched = new Set<NoteEntry>()
      let highest = -1
      const fresh: Array<{record: MessageLine; after: NoteEntry | undefined}> = []
      const freshIds = new Set<string>()
      let previous: NoteEntry | undefined

      for (const value of messages) {
        if (!isMessageLine(value)) continue
        let entry = index.get(value.id)
        if (!entry && !freshIds.has(value.id)) {
          entry = findCopy(value, matched, highest)
          if (entry) {
            entry.ids.add(value.id)
            index.set(value.id, entry)
          }
        }
        if (entry) {
          matched.add(entry)
          if (entry.kind === 'compression' || isConversational(entry.record)) highest = Math.max(highest, entries.indexOf(entry))
          previous = entry
          continue
        }
        if (freshIds.has(value.id)) continue
        freshIds.add(value.id)
        fresh.push({record: value, after: previous})
      }

      const dropped = liveBefore.filter(
        (entry): entry is MessageEntry => entry.kind === 'message' && isConversational(entry.record) && !matched.has(entry)
      )
      const droppedEarly = dropped.some((entry) => entries.indexOf(entry) < highest)
      const content = fresh.filter(({record}) => record['type'] === 'gemini' || (record['type'] === 'user' && userMessageKind(record) !== 'injected-context' && userMessageKind(record) !== 'tool-response'))
      const compressed = droppedEarly || (content.length > 0 && dropped.length > 0)

      if (compressed) {
        const summary = content.find(({record}) => record['type'] === 'user')?.record
        const entry: CompressionEntry = {kind: 'compression', ids: new Set()}
        for (const {record} of content) {
          entry.ids.add(record.id)
          compressionIds.set(record.id, record === summary ? 'summary' : 'acknowledgement')
        }
        if (summary) {
          const text = contentParts(summary['content']).parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n\n').trim()
          if (text) entry.summary = text
        }
        const at = (summary && stringOf(summary['timestamp'])) ?? timestamp
        if (at) entry.timestamp = at
        add(entry)
      }
      // Messages that copy no known turn (injected context, `<id>_response`
      // copies of tool results, or turns only a checkpoint ever held) keep
      // their place relative to the checkpoint's matched turns.
      let anchor: NoteEntry | undefined
      let anchorFor: NoteEntry | undefined
      for (const {record, after} of fresh) {
        if (compressed && content.some((item) => item.record === record)) continue
        const entry: MessageEntry = {kind: 'message', ids: new Set([record.id]), record}
        let at: number
        if (after && anchorFor === after && anchor) at = entries.indexOf(anchor) + 1
        else if (after) at = entries.indexOf(after) + 1
        else at = firstMatchedIndex(matched)
        add(entry, at)
        anchor = entry
        anchorFor = after
      }

      if (compressed) return 'compressed'
      if (content.length > 0) return 'extended'
      if (dropped.length > 0) return 'rolled-back'
      return 'restated'
    },

    rewind(id, liveBefore, isLive) {
      const target = index.get(id)
      if (!target) return undefined
      const position = entries.indexOf(target)
      const removed: NoteEntry[] = []
      entries = entries.filter((entry, at) => {
        const undone = (liveBefore.has(entry) && !isLive(entry)) || (at >= position && !isLive(entry))
        if (undone) removed.push(entry)
        return !undone
      })
      for (const entry of removed) for (const entryId of entry.ids) if (index.get(entryId) === entry) index.delete(entryId)
      return removed
    }
  }

  function firstMatchedIndex(matched: ReadonlySet<NoteEntry>): number {
    const at = entries.findIndex((entry) => matched.has(entry))
    return at === -1 ? entries.length : at
  }

  // The earliest unmatched turn of the same type saying the same thing,
  // preferring one after the last match (checkpoints keep history order).
  function findCopy(record: MessageLine, matched: ReadonlySet<NoteEntry>, after: number): MessageEntry | undefined {
    const type = record['type']
    if (!isString(type)) return undefined
    const signature = contentSignature(record)
    if (signature === '') return undefined
    let fallback: MessageEntry | undefined
    for (const [at, entry] of entries.entries()) {
      if (entry.kind !== 'message' || matched.has(entry) || entry.record['type'] !== type) continue
      if (signatureOf(entry) !== signature) continue
      if (at > after) return entry
      fallback ??= entry
    }
    return fallback
  }
}
