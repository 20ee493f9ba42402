/** Type guards for untrusted JSON. */

import {parseTime} from './parse-time.js'

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isString(value: unknown): value is string {
  return typeof value === 'string'
}

/** A finite number. */
export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

/** The value if it is a string, else `undefined`. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** The value if it is a finite number, else `undefined`. */
export function numberOf(value: unknown): number | undefined {
  return isNumber(value) ? value : undefined
}

/**
 * The value if it is an ISO-8601 time the conversation model accepts
 * (`2026-03-01T10:00:00Z`; without an offset it is read as UTC), else `undefined`.
 */
export function timeOf(value: unknown): string | undefined {
  return typeof value === 'string' && parseTime(value) !== undefined ? value : undefined
}
