// The frontmatter's times: `created` and `updated` in both profiles (see `frontmatterOf`).
const timeProperties = new Set(['created', 'updated'])
// A time as YAML 1.1 reads one (`2026-03-01`, `2026-03-01T10:00:00.000Z`, `2026-03-01T11:00:00+01:00`).
const date = /([0-9]{4})-([0-9]{2})-([0-9]{2})/
const time = /T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?(?:Z|[-+][0-9]{2}:[0-9]{2})?/
const timestamp = new RegExp(`^${date.source}(?:${time.source})?$`)

/**
 * Whether `value` is the time of a frontmatter property that holds one
 * (`created`, `updated`). Such a value is written plain, unlike any other
 * string that looks like a time: a YAML 1.1 reader (PyYAML) and Obsidian,
 * whose date properties read it, take it for the time it is. Only a time
 * that is one: PyYAML fails the whole document on `2025-02-30` or a 60th second.
 */
export function isFrontmatterTime(key: string, value: unknown): value is string {
  if (!timeProperties.has(key) || typeof value !== 'string') return false
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = timestamp.exec(value) ?? []
  if (year === undefined || month === undefined || day === undefined) return false
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  return (
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60
  )
}
