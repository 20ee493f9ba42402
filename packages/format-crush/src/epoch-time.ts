/**
 * A time Crush stored as an integer, as ISO-8601. Its schema's comments say
 * milliseconds, but its triggers and queries write `strftime('%s', 'now')`:
 * seconds, in every real file seen (2025-08 and 2026-04). A value too large
 * for seconds is read as milliseconds; 0 or anything else is no time.
 */
export function epochTime(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined
  const milliseconds = value < 100_000_000_000 ? value * 1000 : value
  const date = new Date(milliseconds)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}
