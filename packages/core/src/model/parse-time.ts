// An ISO-8601 date or date-time, as the conversation model stores times: `2026-03-01`,
// `2026-03-01T10:00`, `2026-03-01T10:00:00.123Z`, `2026-03-01T10:00:00+02:00` (a space
// may stand for the `T`). Captured: the date, the time of day, the offset.
const date = String.raw`(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))`
const clock = String.raw`((?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?)`
const offset = String.raw`(Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)`
const isoTime = new RegExp(`^${date}(?:[T ]${clock}${offset}?)?$`, 'i')

/**
 * The instant an ISO-8601 time names, in milliseconds since the epoch, or
 * `undefined` when the text is not such a time. A time without an offset
 * (`2026-03-01T10:00:00`) is read as UTC, never as the machine's local time
 * (which is what `new Date` would do).
 */
export function parseTime(text: string): number | undefined {
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
