import {isNumber, timeOf} from '@chatmark/core/model'

/** The latest time JavaScript's Date can hold, in milliseconds since the epoch. */
const maxDateMs = 8.64e15

/**
 * A Cursor time as ISO-8601, else `undefined`: composers and tabs keep epoch
 * milliseconds (`createdAt: 1763630100000`), bubbles of the split storage an
 * ISO string (`"2025-11-20T09:15:02.118Z"`), both in the same database.
 */
export function cursorTime(value: unknown): string | undefined {
  if (isNumber(value)) return value > 0 && value <= maxDateMs ? new Date(value).toISOString() : undefined
  return timeOf(value)
}
