import type {CheckpointEffect, NoteEntry} from './history/note-entry.js'
import type {MessageLine} from './types.js'
import {appendEntry, createHistoryState} from './history/history-state.js'
import {applyCheckpoint} from './history/checkpoint.js'
import {applyRewind} from './history/rewind.js'

export type {CheckpointEffect, CompressionEntry, MessageEntry, NoteEntry} from './history/note-entry.js'

/** The text of the CLI's fixed model reply after a compression summary (`chatCompressionService.ts`). */
export const compressionAcknowledgement = 'Got it. Thanks for the additional context!'

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
  const state = createHistoryState()
  return {
    get entries() {
      return state.entries
    },
    compressionIds: state.compressionIds,
    resolve: (id) => state.index.get(id),
    release() {
      const all = state.entries
      state.entries = []
      state.positions = undefined
      state.index.clear()
      return all
    },
    message(record) {
      const existing = state.index.get(record.id)
      if (existing?.kind === 'message') {
        existing.record = record
        delete existing.signature
        return
      }
      appendEntry(state, {kind: 'message', ids: [record.id], record})
    },
    checkpoint: (messages, liveBefore, timestamp) => applyCheckpoint(state, messages, liveBefore, timestamp),
    rewind: (id, touched, isLive) => applyRewind(state, id, touched, isLive)
  }
}
