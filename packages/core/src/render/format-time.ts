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
 * `2026-03-30T10:28:05` in the given time zone, with no offset: the form of
 * Obsidian's Date & time properties. A date alone (`2026-03-30`) stays as it
 * is (a Date property); a value that is not an ISO-8601 time is returned as it
 * was written.
 */
export function formatDateTime(iso: string, timeZone: string): string {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? undefined : parseTime(iso)
  return time === undefined ? iso : wallClock(time, timeZone)
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
