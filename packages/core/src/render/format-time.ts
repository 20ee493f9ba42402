import {parseTime} from '../model/parse-time.js'

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * `2026-03-30 10:28` in the given time zone, for headings. A time without an
 * offset is read as UTC (see {@link parseTime}); a value that is not an
 * ISO-8601 time is returned as it was written.
 */
export function formatTime(iso: string, timeZone: string): string {
  const time = parseTime(iso)
  return time === undefined ? iso : wallClock(time, timeZone).slice(0, 16).replace('T', ' ')
}

/**
 * `2026-03-30T10:28:05+02:00`: the time on a clock in the given time zone,
 * with that zone's offset at that moment, so that whoever reads it (Obsidian,
 * which would take a time without an offset for its reader's local time)
 * knows the instant. A date alone (`2026-03-30`) stays as it is (a Date
 * property); a value that is not an ISO-8601 time is returned as it was
 * written.
 */
export function formatDateTime(iso: string, timeZone: string): string {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? undefined : parseTime(iso)
  if (time === undefined) return iso
  const clock = wallClock(time, timeZone)
  return `${clock}${offsetOf(clock, time)}`
}

/** `+02:00`: how far the wall-clock time `clock` (at the instant `time`) is ahead of UTC, to the minute. */
function offsetOf(clock: string, time: number): string {
  const wall = Date.parse(`${clock}Z`)
  const minutes = Math.round((wall - Math.floor(time / 1000) * 1000) / 60_000)
  const sign = minutes < 0 ? '-' : '+'
  const hours = Math.floor(Math.abs(minutes) / 60)
  return `${sign}${String(hours).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`
}

/** `2026-03-30T10:28:05`: the instant `time` (milliseconds since the epoch) on a clock in `timeZone`. */
function wallClock(time: number, timeZone: string): string {
  const date = new Date(time)
  // Intl is slow per call; UTC needs no calendar arithmetic.
  if (timeZone === 'UTC') return date.toISOString().slice(0, 19)
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23'
    })
    formatters.set(timeZone, formatter)
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]))
  return `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}:${parts['second']}`
}
