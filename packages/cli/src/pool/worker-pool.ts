import {deliverInOrder} from './deliver-in-order.js'
import type {PoolHandlers, PoolOptions} from './pool-options.js'
import {createPoolState} from './pool-state.js'
import {stopPool} from './pool-steps.js'
import {pumpJobs} from './pump-jobs.js'

export type {JobFailure, PoolHandlers, PoolOptions} from './pool-options.js'
export type {FromWorker, ToWorker} from './worker-messages.js'
export {creditBytes} from './worker-messages.js'

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
  const state = createPoolState(options)
  const stop = (): void => stopPool(state)
  options.signal?.addEventListener('abort', stop, {once: true})
  const pumping = pumpJobs(state, jobs)
  try {
    await deliverInOrder(state, handlers)
  } finally {
    options.signal?.removeEventListener('abort', stop)
    stop()
    await pumping
    await Promise.all(state.stopping)
  }
  if (state.sourceError) throw state.sourceError.error
}
