import type {Fidelity} from '@chatmark/core/model'
import type {NoteEntry, NoteHistory} from '../note-history.js'
import {createNoteHistory} from '../note-history.js'
import type {ReplayOptions} from './replay.js'
import type {MessageLine} from '../types.js'

/** A run of consecutive checkpoints, applied as one when the run ends. */
export interface PendingCheckpoint {
  messages: unknown[]
  liveBefore: NoteEntry[]
  timestamp: string | undefined
}

/** A replay under way: the loader's view and the note's (see `createReplay`); its steps take it. */
export interface ReplayRun {
  readonly options: ReplayOptions
  /** Whether the loader keeps its records (the `resume` view), or only their ids. */
  readonly keepLoaded: boolean
  metadata: Record<string, unknown>
  startTime: string | undefined
  headers: number
  readonly loader: Map<string, MessageLine | undefined>
  /**
   * The loader's ids in its order, and each one's position: only a rewind deletes from it, and it deletes a run
   * from its target to the end, which is then found without walking every id of a long session at each rewind.
   */
  readonly loaderIds: string[]
  readonly loaderAt: Map<string, number>
  readonly note: NoteHistory
  readonly fidelity: Fidelity
  resumes: number
  /** Whether the session was restated since the last checkpoint run (a header again, a `$set` of its id). */
  restated: boolean
  /**
   * Consecutive checkpoints are one event: a resume writes `[ctx]` and then
   * the whole history (Gemini CLI 0.61), and only the last one counts.
   */
  pending: PendingCheckpoint | undefined
}

/** A replay that has read nothing yet. */
export function createReplayRun(options: ReplayOptions): ReplayRun {
  return {
    options,
    keepLoaded: options.loaded !== false,
    metadata: {},
    startTime: undefined,
    headers: 0,
    loader: new Map(),
    loaderIds: [],
    loaderAt: new Map(),
    note: createNoteHistory(),
    fidelity: {},
    resumes: 0,
    restated: false,
    pending: undefined
  }
}

/** Puts a record in the loader: a new id at the end, a known one in place. */
export function load(run: ReplayRun, id: string, record: MessageLine): void {
  if (!run.loaderAt.has(id)) {
    run.loaderAt.set(id, run.loaderIds.length)
    run.loaderIds.push(id)
  }
  run.loader.set(id, run.keepLoaded ? record : undefined)
}

/** Empties the loader (a checkpoint replaces its list). */
export function clearLoader(run: ReplayRun): void {
  run.loader.clear()
  run.loaderIds.length = 0
  run.loaderAt.clear()
}

/** Adds to a fidelity count. */
export function count(run: ReplayRun, reason: string, by = 1): void {
  run.fidelity[reason] = (run.fidelity[reason] ?? 0) + by
}

/** Whether the loader still holds one of an entry's ids. */
export function isLive(run: ReplayRun, entry: NoteEntry): boolean {
  for (const id of entry.ids) if (run.loader.has(id)) return true
  return false
}

/** The note's entries the loader holds, each once. */
export function liveEntries(run: ReplayRun): NoteEntry[] {
  const live = new Set<NoteEntry>()
  for (const id of run.loader.keys()) {
    const entry = run.note.resolve(id)
    if (entry) live.add(entry)
  }
  return [...live]
}
