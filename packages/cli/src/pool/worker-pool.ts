import {MessageChannel, type MessagePort, receiveMessageOnPort, Worker} from 'node:worker_threads'
import {timeLimitReason} from './input-clock.js'
import type {WorkerScript} from './worker-script.js'

/** Options for {@link runInPool}. */
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

/**
 * From a worker, on the port it is given as `workerData.port` (see
 * `runInPool`): it has started (a job's clock runs from then); events of a
 * job, with their size in bytes (for flow control); or the job is done.
 */
export type FromWorker =
  | {type: 'ready'}
  | {type: 'events'; index: number; events: unknown[]; bytes: number; done?: true}
  | {type: 'done'; index: number}

/** To a worker: a job to run, or that `bytes` of its events were taken. */
export type ToWorker = {type: 'job'; index: number; job: unknown} | {type: 'ack'; bytes: number}

/**
 * How many bytes of events a worker may have sent that the main thread has
 * not yet taken before it waits (see `workerChannel`); a job whose turn has not
 * come holds no more than this in the main thread.
 */
export const creditBytes = 4 * 1024 * 1024

/** Jobs are started ahead of the one being delivered while what they sent holds less than this. */
const maxBufferedBytes = 16 * 1024 * 1024

interface JobState {
  /** Events not yet delivered; `bytes` on the last of a message, to acknowledge to its worker once delivered. */
  events: {event: unknown; bytes: number; from?: PoolWorker}[]
  /** Bytes that arrived before the job's turn (counted in the pool's buffered total until then). */
  early: number
  finished: boolean
}

interface PoolWorker {
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
  /** Bytes of events sent and not yet taken: at {@link creditBytes} or more the worker waits, and its clock stops. */
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
 * Runs `jobs` on a pool of worker threads and hands `handlers` each job's
 * events in the order of the jobs, whatever order the workers finish in: a
 * run's output is the same with one worker or many. Jobs start in order, a
 * few ahead of the one being delivered; each worker runs one job at a time,
 * with the next one sent ahead (unless jobs move buffers: see `transfer`).
 *
 * A worker that throws, exits or runs out of its time limit on a job has that
 * job end with a {@link JobFailure} after whatever events it sent (those are
 * kept); the worker is replaced and the others go on. No job runs twice.
 *
 * Workers talk on a port of their own, `workerData.port`, not `parentPort`:
 * before a worker's job is judged failed or out of time, whatever the worker
 * posted is heard first (`receiveMessageOnPort`), so a job that ended in time
 * is never blamed for the main thread's being busy (after a busy spell, the
 * event loop runs due timers before it polls for the messages that arrived
 * meanwhile) nor for the next job's crash (Node sends a worker's uncaught
 * error on another port than `parentPort`'s messages, with no order between
 * the two).
 */
export async function runInPool(
  jobs: Iterable<unknown> | AsyncIterable<unknown>,
  options: PoolOptions,
  handlers: PoolHandlers
): Promise<void> {
  const {turn, deliver} = handlers
  const states: JobState[] = []
  // Jobs taken from `jobs` and not yet started; `jobs` is read a few ahead, as workers need them.
  const waiting: unknown[] = []
  // Jobs sent ahead to a worker that stopped before starting them: they go first to another worker.
  const returned: {index: number; job: unknown}[] = []
  let exhausted = false
  let sourceError: {error: unknown} | undefined
  let wantJobs: (() => void) | undefined
  const workers: PoolWorker[] = []
  let next = 0
  let current = 0
  let buffered = 0
  let wake: (() => void) | undefined
  const notify = (): void => {
    const resolve = wake
    wake = undefined
    resolve?.()
  }

  const finish = (index: number, failure?: string): void => {
    const state = states[index]
    if (!state || state.finished) return
    if (failure !== undefined) {
      const event: JobFailure = {kind: 'job-failed', reason: failure}
      state.events.push({event, bytes: 0})
    }
    state.finished = true
    notify()
  }

  const stopClock = (pooled: PoolWorker): void => {
    if (pooled.timer) clearTimeout(pooled.timer)
    pooled.timer = undefined
    if (pooled.clockStarted !== undefined) pooled.remainingMs -= Date.now() - pooled.clockStarted
    pooled.clockStarted = undefined
  }
  const startClock = (pooled: PoolWorker): void => {
    if (options.timeLimitMs <= 0 || !pooled.ready || pooled.job === undefined || pooled.clockStarted !== undefined)
      return
    pooled.clockStarted = Date.now()
    pooled.timer = setTimeout(
      () => {
        const index = pooled.job
        pooled.catchUp()
        // Done in time, or waiting for its events to be taken (its clock stopped): nothing to judge.
        if (pooled.gone || pooled.job !== index || pooled.clockStarted === undefined) return
        retire(pooled)
        if (index !== undefined) {
          finish(index, timeLimitReason(options.timeLimitMs))
        }
        dispatch()
      },
      Math.max(0, pooled.remainingMs)
    )
    pooled.timer.unref()
  }

  // Workers being stopped: the run ends once they have (a stopped worker writes nothing more).
  const stopping: Promise<unknown>[] = []
  /** Stops a worker for good; its job, if any, is the caller's to finish. */
  const retire = (pooled: PoolWorker): void => {
    if (pooled.gone) return
    pooled.gone = true
    stopClock(pooled)
    if (pooled.next) returned.push(pooled.next)
    pooled.next = undefined
    workers.splice(workers.indexOf(pooled), 1)
    pooled.port.close()
    stopping.push(pooled.worker.terminate().catch(() => undefined))
  }

  const spawn = (): PoolWorker => {
    const {port1: port, port2} = new MessageChannel()
    const worker = new Worker(options.script.source, {
      eval: options.script.eval,
      execArgv: options.script.execArgv,
      workerData: {setup: options.setup, creditBytes, port: port2},
      transferList: [port2],
      // A smaller young generation than V8's default (48 MB), which a worker per core besides the main thread
      // would add up: 16 MB. At 8 MB a session's records outgrew the nursery: the folder of 1,500 sessions spent
      // 1.6-1.7 s of each worker's 9.6 s in garbage collection (0.5-0.7 s at 16 MB) and took 9.8-10.5 s instead
      // of 7.9-8.6 s (side by side), in 10-20 MB less. An export's parts, small and many, choose their own.
      resourceLimits: {maxYoungGenerationSizeMb: options.youngGenerationMb ?? 16},
      stdout: false,
      stderr: false
    })
    const pooled: PoolWorker = {
      worker,
      port,
      catchUp() {
        while (!pooled.gone) {
          const posted = receiveMessageOnPort(port)
          if (!posted) return
          hear(posted.message as FromWorker)
        }
      },
      job: undefined,
      next: undefined,
      unacked: 0,
      remainingMs: options.timeLimitMs,
      clockStarted: undefined,
      timer: undefined,
      ready: false,
      gone: false
    }
    const hear = (message: FromWorker): void => {
      if (pooled.gone) return
      if (message.type === 'ready') {
        pooled.ready = true
        if (pooled.unacked < creditBytes) startClock(pooled)
        return
      }
      const state = states[message.index]
      if (!state) return
      if (message.type === 'events') {
        for (const event of message.events) state.events.push({event, bytes: 0, from: pooled})
        const last = state.events[state.events.length - 1]
        if (last) last.bytes = message.bytes
        if (message.index !== current) {
          state.early += message.bytes
          buffered += message.bytes
        }
        pooled.unacked += message.bytes
        if (pooled.unacked >= creditBytes) stopClock(pooled)
        notify()
        if (!message.done) return
      }
      stopClock(pooled)
      pooled.job = pooled.next?.index
      pooled.next = undefined
      pooled.remainingMs = options.timeLimitMs
      if (pooled.unacked < creditBytes) startClock(pooled)
      finish(message.index)
      dispatch()
    }
    port.on('message', hear)
    const fail = (reason: string): void => {
      pooled.catchUp()
      if (pooled.gone) return
      const index = pooled.job
      retire(pooled)
      if (index !== undefined) finish(index, reason)
      dispatch()
    }
    worker.on('error', (error) => fail(`the worker converting it failed: ${error.message}`))
    worker.on('exit', (code) => fail(`the worker converting it stopped (exit code ${code})`))
    workers.push(pooled)
    return pooled
  }

  /** Whether a job may start: one a stopped worker never started, or the next of `jobs` while there is room. */
  const mayStart = (): boolean =>
    returned.length > 0 || (waiting.length > 0 && (next === current || buffered < maxBufferedBytes))
  /**
   * An idle worker (started if there is room for one), else a busy one with
   * no job sent ahead; never one whose job moves buffers (`transfer`): a job
   * sent ahead to a worker that stops goes to another, and moved buffers
   * would be gone with the first.
   */
  const freeWorker = (): PoolWorker | undefined =>
    workers.find((candidate) => candidate.job === undefined) ??
    (workers.length < options.size
      ? spawn()
      : options.transfer
        ? undefined
        : workers.find((candidate) => candidate.next === undefined))

  const dispatch = (): void => {
    if (options.signal?.aborted) return
    while (mayStart()) {
      const pooled = freeWorker()
      if (!pooled) break
      const item = returned.shift() ?? {index: next++, job: waiting.shift()}
      const {index, job} = item
      pooled.port.postMessage({type: 'job', index, job} satisfies ToWorker, options.transfer?.(job) ?? [])
      // A job sent ahead starts its clock when the one before it is done: the worker may be waiting for its
      // events to be taken meanwhile, with its clock stopped.
      if (pooled.job !== undefined) pooled.next = item
      else {
        pooled.job = index
        pooled.remainingMs = options.timeLimitMs
        startClock(pooled)
      }
    }
    const resume = wantJobs
    wantJobs = undefined
    resume?.()
  }

  // Reads `jobs` while fewer than two per worker wait.
  const pump = async (): Promise<void> => {
    await Promise.resolve()
    try {
      for await (const job of jobs) {
        states.push({events: [], early: 0, finished: false})
        waiting.push(job)
        dispatch()
        notify()
        while (waiting.length >= options.size * 2 && !stopped) {
          await new Promise<void>((resolve) => (wantJobs = resolve))
        }
        if (stopped) break
      }
    } catch (error) {
      sourceError = {error}
    }
    exhausted = true
    notify()
  }

  const ack = (pooled: PoolWorker, bytes: number): void => {
    if (pooled.gone || bytes === 0) return
    const waited = pooled.unacked >= creditBytes
    pooled.unacked -= bytes
    pooled.port.postMessage({type: 'ack', bytes} satisfies ToWorker)
    if (waited && pooled.unacked < creditBytes) startClock(pooled)
  }

  let stopped = false
  const stop = (): void => {
    stopped = true
    for (const pooled of [...workers]) retire(pooled)
    notify()
    const resume = wantJobs
    wantJobs = undefined
    resume?.()
  }
  options.signal?.addEventListener('abort', stop, {once: true})
  const pumping = pump()
  try {
    for (; ; current++) {
      while (current >= states.length && !exhausted && !options.signal?.aborted) {
        await new Promise<void>((resolve) => (wake = resolve))
      }
      if (options.signal?.aborted) return
      const state = states[current]
      if (!state) break
      buffered -= state.early
      dispatch()
      await turn?.(current)
      for (;;) {
        if (options.signal?.aborted) return
        const batch = state.events.splice(0)
        for (const {event, bytes, from} of batch) {
          await deliver(current, event)
          if (from) ack(from, bytes)
          if (options.signal?.aborted) return
        }
        if (batch.length > 0) continue
        if (state.finished) break
        await new Promise<void>((resolve) => (wake = resolve))
      }
    }
  } finally {
    options.signal?.removeEventListener('abort', stop)
    stop()
    await pumping
    await Promise.all(stopping)
  }
  if (sourceError) throw sourceError.error
}
