import type {Fidelity} from '@chatmark/core/model'
import type {NoteHistory} from '../note-history.js'
import type {MessageLine} from '../types.js'

/** A session replayed both ways: as the CLI loads it and as the note keeps it. */
export interface Replay {
  /** Metadata merged as the CLI merges it (later keys win), without `messages`. */
  metadata: Record<string, unknown>
  /** The first header's `startTime`: every resume re-appends a header with a new one (Gemini CLI 0.61). */
  startTime?: string
  /** The messages the CLI's `loadConversationRecord` returns: the model's view on resume. */
  loaded: MessageLine[]
  /** The note's view (see {@link NoteHistory}). */
  note: NoteHistory
  /** Counts such as `rewound-turn` and `unknown-record`. */
  fidelity: Fidelity
  /** How many times the session was resumed with its history re-stated unchanged. */
  resumes: number
}

/** Options for `replayJsonl`. */
export interface ReplayOptions {
  /** Reports a recoverable problem on a line. */
  warn(reason: string, line: number, ruleId: string): void
  /**
   * Whether {@link Replay.loaded} is wanted (the `resume` view); otherwise it is empty, and the loader keeps only
   * ids, so the copies of the history a checkpoint re-states are not held to the end of a long session.
   */
  loaded?: boolean
}
