import type {MessagePort, Worker} from 'node:worker_threads'
import type {JobFailure, PoolOptions} from './pool-options.js'

/** A job of the pool: what it sent that is not yet delivered, and whether it has ended. */
export interface JobState {
  /** Events not yet delivered; `bytes` on the last of a message, to acknowledge to its worker once delivered. */
  events: {event: unknown; bytes: number; from?: PoolWorker}[]
  /** Bytes that arrived before the job's turn (counted in the pool's buffered total until then). */
  early: number
  finished: boolean
}

/** A worker thread of the pool, and the job it runs. */
export interface PoolWorker {
  worker: Worker
  /** The main thread's end of the worker's port (see {@link catchUp}). */
  port: MessagePort
  /** Hears what the worker has posted and this thread has not yet heard. */
  catchUp(): void
  /** The job it runs. */
  job: number | undefined
  /**
   * The job it runs next, sent ahead so that it starts the moment the other
   * is done: 1,500 small sessions spent half a second of each worker's time
   * waiting for their next job. Not started until `job` is done.
   */
  next: {index: number; job: unknown} | undefined
  /** Bytes of events sent and not yet taken: at `creditBytes` or more the worker waits, and its clock stops. */
  unacked: number
  /** Time left on its job's clock, and when the clock last started (undefined: stopped). */
  remainingMs: number
  clockStarted: number | undefined
  timer: NodeJS.Timeout | undefined
  /** It has started: loading its modules is not its first job's time. */
  ready: boolean
  gone: boolean
}

/**
 * Everything a run of the pool keeps between its steps (see `runInPool`):
 * its jobs, read a few ahead of the workers, its workers, and where delivery
 * is. Every step is a function of this record; {@link createPoolState} gives
 * every field a value.
 */
export interface PoolState {
  readonly options: PoolOptions
  /** Every job read from the source so far, by index. */
  readonly jobs: JobState[]
  /** Jobs read from the source and not yet started; the source is read a few ahead, as workers need them. */
  readonly waiting: unknown[]
  /** Jobs sent ahead to a worker that stopped before starting them: they go first to another worker. */
  readonly returned: {index: number; job: unknown}[]
  readonly workers: PoolWorker[]
  /** Workers being stopped: the run ends once they have (a stopped worker writes nothing more). */
  readonly stopping: Promise<unknown>[]
  /** The index of the next job to start. */
  next: number
  /** The index of the job being delivered. */
  current: number
  /** Bytes of jobs whose turn has not come. */
  buffered: number
  /** The source has no more jobs (or failed: `sourceError`). */
  exhausted: boolean
  sourceError: {error: unknown} | undefined
  /** Resumes reading the source, which waits while enough jobs wait. */
  wantJobs: (() => void) | undefined
  /** Resumes delivery, which waits for events, a job's end or the next job. */
  wake: (() => void) | undefined
  /** The run is over: no more jobs are read. */
  stopped: boolean
}

/** A run of the pool that has read nothing yet. */
export function createPoolState(options: PoolOptions): PoolState {
  return {
    options,
    jobs: [],
    waiting: [],
    returned: [],
    workers: [],
    stopping: [],
    next: 0,
    current: 0,
    buffered: 0,
    exhausted: false,
    sourceError: undefined,
    wantJobs: undefined,
    wake: undefined,
    stopped: false
  }
}

/** Wakes delivery, if it waits. */
export function notify(state: PoolState): void {
  const resolve = state.wake
  state.wake = undefined
  resolve?.()
}

/** Wakes the reading of the source, if it waits. */
export function resumeSource(state: PoolState): void {
  const resume = state.wantJobs
  state.wantJobs = undefined
  resume?.()
}

/** Ends job `index` (once), with a {@link JobFailure} as its last event when it failed. */
export function finishJob(state: PoolState, index: number, failure?: string): void {
  const job = state.jobs[index]
  if (!job || job.finished) return
  if (failure !== undefined) {
    const event: JobFailure = {kind: 'job-failed', reason: failure}
    job.events.push({event, bytes: 0})
  }
  job.finished = true
  notify(state)
}
