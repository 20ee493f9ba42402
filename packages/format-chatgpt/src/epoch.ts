import {isNumber} from '@chatmark/core/model'

/** Epoch seconds (a float, as ChatGPT writes `create_time`) as an ISO-8601 time; `undefined` for anything else. */
export function epochToIso(value: unknown): string | undefined {
  if (!isNumber(value) || value <= 0) return undefined
  const date = new Date(Math.round(value * 1000))
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}
