import {isNumber} from '@chatmark/core/model'

/** The latest time JavaScript's Date can hold, in milliseconds since the epoch. */
const maxDateMs = 8.64e15

/** An epoch-milliseconds time (OpenCode's `time.created`, `time_created`) as ISO-8601, else `undefined`. */
export function epochTime(value: unknown): string | undefined {
  return isNumber(value) && Math.abs(value) <= maxDateMs ? new Date(value).toISOString() : undefined
}
