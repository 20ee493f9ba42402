import type {NoteLink} from '@chatmark/core'
import type {CliIo} from '../base/cli-io.js'

/** What a conversion run has done so far: its sink (`runSink`) and its end (`endRun`) read and change it. */
export interface RunState {
  /** An input, a note or the index failed: the exit status is 1. */
  failed: boolean
  /** Conversations that matched `--only` (every one, without it). */
  matched: number
  /** Notes printed on stdout, which are separated by a blank line. */
  notesOnStdout: number
  /** Notes placed in the `-o` folder. */
  notesWritten: number
  /** Where the index page links, for a writer that lists its notes in one (an export's are tens of thousands). */
  links: NoteLink[]
  /**
   * A disk that cannot take notes (full, read-only, not ours) stops the run at the first note it refuses: every
   * other note would fail the same way, each after its input was read and rendered (and, in a worker, each one
   * cost a new worker: 200 conversations of an export took minutes).
   */
  diskStop?: {problem: string; code: string}
}

/** A run that has done nothing yet. */
export function runState(): RunState {
  return {failed: false, matched: 0, notesOnStdout: 0, notesWritten: 0, links: []}
}

/** Whether stdout's reader has gone. A stream that failed a write is destroyed at once; the signal follows later. */
export function outputClosed(io: Pick<CliIo, 'signal' | 'stdout'>): boolean {
  return io.signal?.aborted === true || (io.stdout as {destroyed?: boolean}).destroyed === true
}

/** Whether the run stops: stdout's reader has gone, or the disk refused a note. */
export function stopping(state: RunState, io: Pick<CliIo, 'signal' | 'stdout'>): boolean {
  return outputClosed(io) || state.diskStop !== undefined
}
