import {timeLimitReason} from './input-clock.js'
import {startClock, stopClock} from './job-clock.js'
import type {PoolState, PoolWorker} from './pool-state.js'
import {finishJob, notify, resumeSource} from './pool-state.js'
import type {WorkerEvents} from './pool-worker.js'
import {retire, spawnWorker} from './pool-worker.js'
import type {FromWorker, ToWorker} from './worker-messages.js'
import {creditBytes} from './worker-messages.js'

/** Jobs are started ahead of the one being delivered while what they sent holds less than this. */
const maxBufferedBytes = 16 * 1024 * 1024

// The steps of a run of the pool, each a function of its `PoolState`: what a worker says (`hear`, `fail`, its time
// running out), starting jobs (`dispatch`), taking events (`ack`) and stopping (`stopPool`).

/** What a worker posted: it has started, events of a job (a job's turn may not have come), or a job is done. */
export function hear(state: PoolState, pooled: PoolWorker, message: FromWorker): void {
  if (pooled.gone) return
  if (message.type === 'ready') {
    pooled.ready = true
    if (pooled.unacked < creditBytes) clock(state, pooled)
    return
  }
  const job = state.jobs[message.index]
  if (!job) return
  if (message.type === 'events') {
    for (const event of message.events) job.events.push({event, bytes: 0, from: pooled})
    const last = job.events[job.events.length - 1]
    if (last) last.bytes = message.bytes
    if (message.index !== state.current) {
      job.early += message.bytes
      state.buffered += message.bytes
    }
    pooled.unacked += message.bytes
    if (pooled.unacked >= creditBytes) stopClock(pooled)
    notify(state)
    if (!message.done) return
  }
  stopClock(pooled)
  pooled.job = pooled.next?.index
  pooled.next = undefined
  pooled.remainingMs = state.options.timeLimitMs
  if (pooled.unacked < creditBytes) clock(state, pooled)
  finishJob(state, message.index)
  dispatch(state)
}

/** A worker threw or exited: its job fails, after whatever it posted is heard. */
export function fail(state: PoolState, pooled: PoolWorker, reason: string): void {
  pooled.catchUp()
  if (pooled.gone) return
  const index = pooled.job
  retire(state, pooled)
  if (index !== undefined) finishJob(state, index, reason)
  dispatch(state)
}

const events: WorkerEvents = {hear, fail}

/** Starts a worker's clock on its job, which stops the worker when it runs out. */
function clock(state: PoolState, pooled: PoolWorker): void {
  startClock(pooled, state.options.timeLimitMs, () => timeUp(state, pooled))
}

/** A worker's clock ran out: unless it is done meanwhile (what it posted is heard first), its job fails. */
function timeUp(state: PoolState, pooled: PoolWorker): void {
  const index = pooled.job
  pooled.catchUp()
  // Done in time, or waiting for its events to be taken (its clock stopped): nothing to judge.
  if (pooled.gone || pooled.job !== index || pooled.clockStarted === undefined) return
  retire(state, pooled)
  if (index !== undefined) {
    finishJob(state, index, timeLimitReason(state.options.timeLimitMs))
  }
  dispatch(state)
}

/** Whether a job may start: one a stopped worker never started, or the next of the source while there is room. */
function mayStart(state: PoolState): boolean {
  return (
    state.returned.length > 0 ||
    (state.waiting.length > 0 && (state.next === state.current || state.buffered < maxBufferedBytes))
  )
}

/**
 * An idle worker (started if there is room for one), else a busy one with
 * no job sent ahead; never one whose job moves buffers (`transfer`): a job
 * sent ahead to a worker that stops goes to another, and moved buffers
 * would be gone with the first.
 */
function freeWorker(state: PoolState): PoolWorker | undefined {
  const {workers, options} = state
  return (
    workers.find((candidate) => candidate.job === undefined) ??
    (workers.length < options.size
      ? spawnWorker(state, events)
      : options.transfer
        ? undefined
        : workers.find((candidate) => candidate.next === undefined))
  )
}

/** Starts what jobs may start on the workers free for them, then lets the source be read on. */
export function dispatch(state: PoolState): void {
  const {options} = state
  if (options.signal?.aborted) return
  while (mayStart(state)) {
    const pooled = freeWorker(state)
    if (!pooled) break
    const item = state.returned.shift() ?? {index: state.next++, job: state.waiting.shift()}
    const {index, job} = item
    pooled.port.postMessage({type: 'job', index, job} satisfies ToWorker, options.transfer?.(job) ?? [])
    // A job sent ahead starts its clock when the one before it is done: the worker may be waiting for its
    // events to be taken meanwhile, with its clock stopped.
    if (pooled.job !== undefined) pooled.next = item
    else {
      pooled.job = index
      pooled.remainingMs = options.timeLimitMs
      clock(state, pooled)
    }
  }
  resumeSource(state)
}

/** Tells a worker that `bytes` of its events were taken; its clock runs again if it waited for that. */
export function ack(state: PoolState, pooled: PoolWorker, bytes: number): void {
  if (pooled.gone || bytes === 0) return
  const waited = pooled.unacked >= creditBytes
  pooled.unacked -= bytes
  pooled.port.postMessage({type: 'ack', bytes} satisfies ToWorker)
  if (waited && pooled.unacked < creditBytes) clock(state, pooled)
}

/** Ends the run: every worker stopped, delivery and the source's reading woken to see it. */
export function stopPool(state: PoolState): void {
  state.stopped = true
  for (const pooled of [...state.workers]) retire(state, pooled)
  notify(state)
  resumeSource(state)
}
