import type {MessageLine} from '../types.js'

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

/** What a checkpoint did, as far as the note is concerned. */
export type CheckpointEffect = 'none' | 'restated' | 'rolled-back' | 'compressed' | 'extended'
