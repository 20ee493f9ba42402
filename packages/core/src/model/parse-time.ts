// An ISO-8601 date or date-time, as the conversation model stores times: `2026-03-01`,
// `2026-03-01T10:00`, `2026-03-01T10:00:00.123Z`, `2026-03-01T10:00:00+02:00` (a space
// may stand for the `T`, and `t`, `z` are the `T`, `Z`). Captured: the date, the time of day, the offset.
const date = String.raw`(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))`
const clock = String.raw`((?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?)`
const offset = String.raw`([Zz]|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)`
/**
 * The times the model accepts, as a regular expression's source without flags: the `IsoTime` pattern of the
 * model's JSON Schema is this one (a test holds them equal).
 */
export const isoTimePattern = `^${date}(?:[Tt ]${clock}${offset}?)?$`
const isoTime = new RegExp(isoTimePattern)

/**
 * The instant an ISO-8601 time names, in milliseconds since the epoch, or
 * `undefined` when the text is not such a time. A time without an offset
 * (`2026-03-01T10:00:00`) is read as UTC, never as the machine's local time
 * (which is what `new Date` would do).
 */
export function parseTime(text: string): number | undefined {
  // Most times are written as `toISOString` writes them (and ChatGPT's are made so from its numbers): read by
  // arithmetic, without the memo, whose hashing of each new string cost more than the parse.
  if (text.length === 24) {
    const time = canonicalTime(text)
    if (time !== undefined) return time
  }
  // The same time is checked by the reader, by the normalizer (twice) and by the renderer: remembered, each time of a
  // long session is parsed once. Only strings as short as a time are kept, and a full memo is emptied, so it stays
  // small whatever the input.
  if (text.length > rememberedLength) return parse(text)
  const known = remembered.get(text)
  if (known !== undefined || remembered.has(text)) return known
  const value = parse(text)
  if (remembered.size >= rememberedTimes) remembered.clear()
  remembered.set(text, value)
  return value
}

const remembered = new Map<string, number | undefined>()
const rememberedTimes = 50_000
/** `2026-03-01T10:00:00.123456+02:00` is 32 characters. */
const rememberedLength = 40

function parse(text: string): number | undefined {
  const match = isoTime.exec(text)
  if (!match) return undefined
  const [, day, time, zone = 'Z'] = match
  // `+02` is `+02:00`, which `Date.parse` does not know by itself.
  const value = Date.parse(time === undefined ? `${day}` : `${day}T${time}${zone.length === 3 ? `${zone}:00` : zone}`)
  return Number.isNaN(value) ? undefined : value
}

/**
 * `2026-03-01T10:00:00.123Z` (upper-case `T` and `Z`, a year from 0100) read
 * by arithmetic; `undefined` for anything else, which {@link parse} then
 * reads. Gives what `parse` gives: the same ranges, and `Date.UTC` rolls a
 * 31st of a shorter month over as `Date.parse` does.
 */
function canonicalTime(text: string): number | undefined {
  if (
    text.charCodeAt(4) !== dash ||
    text.charCodeAt(7) !== dash ||
    text.charCodeAt(10) !== upperT ||
    text.charCodeAt(13) !== colon ||
    text.charCodeAt(16) !== colon ||
    text.charCodeAt(19) !== dot ||
    text.charCodeAt(23) !== upperZ
  )
    return undefined
  const year = digits(text, 0, 4)
  const month = digits(text, 5, 2)
  const day = digits(text, 8, 2)
  const hour = digits(text, 11, 2)
  const minute = digits(text, 14, 2)
  const second = digits(text, 17, 2)
  const millisecond = digits(text, 20, 3)
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23) return undefined
  if (minute < 0 || minute > 59 || second < 0 || second > 59 || millisecond < 0) return undefined
  return Date.UTC(year, month - 1, day, hour, minute, second, millisecond)
}

const [dash, colon, dot, upperT, upperZ] = [0x2d, 0x3a, 0x2e, 0x54, 0x5a]

/** The number `count` decimal digits at `start` write, or -1 if one is not a digit. */
function digits(text: string, start: number, count: number): number {
  let value = 0
  for (let at = start; at < start + count; at++) {
    const digit = text.charCodeAt(at) - 0x30
    if (digit < 0 || digit > 9) return -1
    value = value * 10 + digit
  }
  return value
}
