import type {PoolHandlers} from './pool-options.js'
import type {PoolState} from './pool-state.js'
import {ack, dispatch} from './pool-steps.js'

/**
 * Hands `handlers` each job's events in the order of the jobs, as they come,
 * acknowledging each message's bytes to its worker once delivered; returns
 * when every job is delivered, or the run is stopped (`options.signal`).
 */
export async function deliverInOrder(state: PoolState, {turn, deliver}: PoolHandlers): Promise<void> {
  const {signal} = state.options
  for (; ; state.current++) {
    while (state.current >= state.jobs.length && !state.exhausted && !signal?.aborted) {
      await new Promise<void>((resolve) => (state.wake = resolve))
    }
    if (signal?.aborted) return
    const job = state.jobs[state.current]
    if (!job) break
    state.buffered -= job.early
    dispatch(state)
    await turn?.(state.current)
    for (;;) {
      if (signal?.aborted) return
      const batch = job.events.splice(0)
      for (const {event, bytes, from} of batch) {
        await deliver(state.current, event)
        if (from) ack(state, from, bytes)
        if (signal?.aborted) return
      }
      if (batch.length > 0) continue
      if (job.finished) break
      await new Promise<void>((resolve) => (state.wake = resolve))
    }
  }
}
