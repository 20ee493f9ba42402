import {parseTime} from '../model/parse-time.js'

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * `2026-03-30 10:28` in the given time zone, for headings. A time without an
 * offset is read as UTC (see {@link parseTime}); a value that is not an
 * ISO-8601 time is returned as it was written.
 */
export function formatTime(iso: string, timeZone: string): string {
  const time = parseTime(iso)
  if (time === undefined) return iso
  const date = new Date(time)
  // Intl is slow per call; UTC needs no calendar arithmetic.
  if (timeZone === 'UTC') return date.toISOString().slice(0, 16).replace('T', ' ')
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23'
    })
    formatters.set(timeZone, formatter)
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]))
  return `${parts['year']}-${parts['month']}-${parts['day']} ${parts['hour']}:${parts['minute']}`
}
