import type {PoolState} from './pool-state.js'
import {notify} from './pool-state.js'
import {dispatch} from './pool-steps.js'

/**
 * Reads `jobs` into the pool while fewer than two per worker wait; a source
 * that throws ends the run, with its error (`sourceError`) thrown once the
 * jobs read before it are delivered.
 */
export async function pumpJobs(state: PoolState, jobs: Iterable<unknown> | AsyncIterable<unknown>): Promise<void> {
  await Promise.resolve()
  try {
    for await (const job of jobs) {
      state.jobs.push({events: [], early: 0, finished: false})
      state.waiting.push(job)
      dispatch(state)
      notify(state)
      while (state.waiting.length >= state.options.size * 2 && !state.stopped) {
        await new Promise<void>((resolve) => (state.wantJobs = resolve))
      }
      if (state.stopped) break
    }
  } catch (error) {
    state.sourceError = {error}
  }
  state.exhausted = true
  notify(state)
}
