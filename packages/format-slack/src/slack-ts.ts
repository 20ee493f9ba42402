/**
 * Slack timestamps (`"1433558319.000002"`): epoch seconds, a dot and a
 * sequence that keeps messages of one second apart. They are message ids, so
 * they are compared exactly: the whole seconds, then the sequence, both as
 * integers (never as floats, whose rounding merges neighbours, nor as strings
 * of unequal length).
 */

/** Orders two timestamps; `0` when they name the same message. */
export function compareTs(left: string, right: string): number {
  const [leftSeconds = '', leftSequence = ''] = left.split('.')
  const [rightSeconds = '', rightSequence = ''] = right.split('.')
  return compareDigits(leftSeconds, rightSeconds) || compareDigits(leftSequence, rightSequence)
}

/** The time of a timestamp as ISO-8601 (millisecond precision), or `undefined` when it is out of range. */
export function tsToIso(ts: string): string | undefined {
  const [seconds = '', fraction = ''] = ts.split('.')
  const milliseconds = Number(seconds) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3))
  const date = new Date(milliseconds)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

// Integers of any length, written in decimal: the longer (without leading zeros) is larger.
function compareDigits(left: string, right: string): number {
  const a = left.replace(/^0+(?=\d)/, '')
  const b = right.replace(/^0+(?=\d)/, '')
  if (a.length !== b.length) return a.length - b.length
  return a < b ? -1 : a > b ? 1 : 0
}
