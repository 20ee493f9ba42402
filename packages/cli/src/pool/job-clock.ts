import type {PoolWorker} from './pool-state.js'

/** Stops a worker's clock on its job, keeping the time left. */
export function stopClock(pooled: PoolWorker): void {
  if (pooled.timer) clearTimeout(pooled.timer)
  pooled.timer = undefined
  if (pooled.clockStarted !== undefined) pooled.remainingMs -= Date.now() - pooled.clockStarted
  pooled.clockStarted = undefined
}

/**
 * Starts (again) a worker's clock on its job, when there is a limit, the
 * worker has started and runs a job; `timeUp` is called when the time left
 * has passed.
 */
export function startClock(pooled: PoolWorker, limitMs: number, timeUp: () => void): void {
  if (limitMs <= 0 || !pooled.ready || pooled.job === undefined || pooled.clockStarted !== undefined) return
  pooled.clockStarted = Date.now()
  pooled.timer = setTimeout(timeUp, Math.max(0, pooled.remainingMs))
  pooled.timer.unref()
}
