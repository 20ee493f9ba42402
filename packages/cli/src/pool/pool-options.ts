import type {WorkerScript} from './worker-script.js'

/** Options for `runInPool`. */
export interface PoolOptions {
  /** How many workers run at once. */
  size: number
  /** Milliseconds a worker may spend on one job (not counting time it waits for its events to be taken); 0: none. */
  timeLimitMs: number
  script: WorkerScript
  /** Given to every worker as `workerData.setup`. */
  setup: unknown
  /** Stops the run: the workers are stopped and no more events are delivered. */
  signal?: AbortSignal
  /** Buffers of a job to move to its worker rather than copy (they are unusable here afterwards). */
  transfer?: (job: unknown) => ArrayBuffer[]
  /** Each worker's young generation in MB (default 16, see below): smaller keeps the peak lower, in more scavenges. */
  youngGenerationMb?: number
}

/** What the pool calls, in the order of the jobs. */
export interface PoolHandlers {
  /** A job's turn has come: every job before it is delivered. */
  turn?(index: number): Promise<void>
  /** One of the job's events (or a {@link JobFailure}, its last). */
  deliver(index: number, event: unknown): Promise<void>
}

/** What the pool says about a job besides its own events: it failed (crashed, or ran out of time). */
export interface JobFailure {
  kind: 'job-failed'
  reason: string
}
