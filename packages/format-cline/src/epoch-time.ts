/** Epoch milliseconds as an ISO time, or `undefined` for a value that is not a plausible time. */
export function timeOfEpoch(ms: number | undefined): string | undefined {
  // Between 2001 and 2286: a smaller number is seconds or garbage, a larger one garbage.
  if (ms === undefined || !Number.isFinite(ms) || ms < 1e12 || ms >= 1e13) return undefined
  return new Date(ms).toISOString()
}
