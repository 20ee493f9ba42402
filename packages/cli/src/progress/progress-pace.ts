/** How fast work goes, and how long the rest will take at that speed. */
export interface Pace {
  /** Units done per second, over the whole run so far. */
  perSecond: number
  secondsLeft: number
}

/**
 * The pace of `done` units of `total` after `elapsedMs`; `undefined` until
 * something is done and time has passed (there is no speed to tell yet).
 * The average over the whole run, not a recent window: it moves less from
 * one frame to the next, and inputs of very different sizes even out.
 */
export function pace(done: number, total: number, elapsedMs: number): Pace | undefined {
  if (done <= 0 || elapsedMs <= 0) return undefined
  const perSecond = done / (elapsedMs / 1000)
  return {perSecond, secondsLeft: Math.max(0, total - done) / perSecond}
}
