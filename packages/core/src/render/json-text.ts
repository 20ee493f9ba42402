/**
 * The deepest level of a JSON value that {@link jsonText} indents: deeper
 * values are written compact, on one line. Indenting every level of a value
 * nested a thousand deep costs half a million spaces a line.
 */
export const prettyJsonDepth = 16

/**
 * The deepest level of a JSON value that {@link jsonText} writes; a deeper
 * array or object is written as the string `"[… nested too deep]"`. The same
 * depth as core's `Limits.maxJsonDepth`, so a value that was read is
 * written whole, and one a reader built deeper (JSON parsed out of a string)
 * cannot overflow the stack, as `JSON.stringify` does near 5,000 levels.
 */
export const maxJsonTextDepth = 1000

/** What stands for an array or object deeper than {@link maxJsonTextDepth}. */
export const tooDeepMarker = '[… nested too deep]'

/**
 * A value as JSON, as `JSON.stringify(value, null, 2)` writes it down to
 * {@link prettyJsonDepth}, compact below that and cut at {@link maxJsonTextDepth};
 * `undefined` when `JSON.stringify` gives nothing. Never throws: a bigint is
 * written as its digits, a cycle ends at the depth limit, and a `toJSON` that
 * throws is written as `null`.
 */
export function jsonText(value: unknown): string | undefined {
  return write(value, 0)
}

function write(value: unknown, depth: number): string | undefined {
  const plain = jsonValue(value)
  if (plain === null) return 'null'
  switch (typeof plain) {
    case 'string':
    case 'boolean':
      return JSON.stringify(plain)
    case 'number':
      return Number.isFinite(plain) ? String(plain) : 'null'
    case 'bigint':
      return plain.toString()
    case 'object':
      break
    default:
      return undefined
  }
  if (depth >= maxJsonTextDepth) return JSON.stringify(tooDeepMarker)
  const pretty = depth < prettyJsonDepth
  const inner = pretty ? `\n${'  '.repeat(depth + 1)}` : ''
  const close = pretty ? `\n${'  '.repeat(depth)}` : ''
  const items: string[] = []
  if (Array.isArray(plain)) {
    for (const item of plain as unknown[]) items.push(write(item, depth + 1) ?? 'null')
    return items.length === 0 ? '[]' : `[${inner}${items.join(`,${inner}`)}${close}]`
  }
  const record = plain as Record<string, unknown>
  for (const key of Object.keys(record)) {
    const text = write(record[key], depth + 1)
    if (text !== undefined) items.push(`${JSON.stringify(key)}:${pretty ? ' ' : ''}${text}`)
  }
  return items.length === 0 ? '{}' : `{${inner}${items.join(`,${inner}`)}${close}}`
}

/** A value after its `toJSON` (a Date's), as `JSON.stringify` sees it; boxed primitives unboxed. */
function jsonValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const toJSON = (value as {toJSON?: unknown}).toJSON
  if (typeof toJSON === 'function') {
    try {
      return toJSON.call(value) as unknown
    } catch {
      return null
    }
  }
  if (value instanceof String || value instanceof Number || value instanceof Boolean) return value.valueOf()
  return value
}
