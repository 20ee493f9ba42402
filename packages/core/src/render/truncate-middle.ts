/** The result of {@link truncateMiddle}. */
export interface Truncated {
  head: string
  tail: string
  /** Characters (code points) left out between head and tail; 0 when nothing was cut. */
  cut: number
}

/**
 * Keeps the head and tail of a long text, about `max` characters in all,
 * counting code points so no character is ever split. Cuts snap to a line
 * break when one is near, so kept lines stay whole.
 */
export function truncateMiddle(text: string, max: number): Truncated {
  // Code points never outnumber UTF-16 units, so a short string needs no count.
  if (max <= 0 || text.length <= max) return {head: text, tail: '', cut: 0}
  // Without surrogates (always so in a one-byte string, where the test costs nothing) a unit is a code point,
  // and the cuts are found by arithmetic rather than by walking every character of a long tool output.
  const surrogates = anySurrogate.test(text)
  const total = surrogates ? countCodePoints(text) : text.length
  if (total <= max) return {head: text, tail: '', cut: 0}

  const keepHead = Math.ceil(max / 2)
  const keepTail = max - keepHead
  let headEnd = surrogates ? indexAfterCodePoints(text, 0, keepHead) : keepHead
  let tailStart = surrogates ? indexBeforeCodePoints(text, keepTail) : text.length - keepTail

  const slack = Math.floor(max / 10)
  const headBreak = text.lastIndexOf('\n', headEnd - 1)
  if (headBreak !== -1 && headEnd - headBreak <= slack) headEnd = headBreak + 1
  const tailBreak = text.indexOf('\n', tailStart)
  if (tailBreak !== -1 && tailBreak - tailStart <= slack) tailStart = tailBreak + 1

  const head = text.slice(0, headEnd)
  const tail = text.slice(tailStart)
  return {head, tail, cut: surrogates ? countCodePoints(text.slice(headEnd, tailStart)) : tailStart - headEnd}
}

const anySurrogate = /[\uD800-\uDFFF]/
const surrogatePairs = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g

/** Number of Unicode code points in a string: its UTF-16 units less one for each surrogate pair. */
export function countCodePoints(text: string): number {
  // A regular expression, not a loop over the units: on a one-byte string it fails at once (no unit there
  // can be a surrogate), and on a two-byte one it scans natively.
  return text.length - (text.match(surrogatePairs)?.length ?? 0)
}

function indexAfterCodePoints(text: string, from: number, count: number): number {
  let index = from
  for (let seen = 0; seen < count && index < text.length; seen++) {
    const code = text.charCodeAt(index)
    index += code >= 0xd800 && code <= 0xdbff && isLow(text.charCodeAt(index + 1)) ? 2 : 1
  }
  return index
}

function indexBeforeCodePoints(text: string, count: number): number {
  let index = text.length
  for (let seen = 0; seen < count && index > 0; seen++) {
    const code = text.charCodeAt(index - 1)
    index -= isLow(code) && index >= 2 && isHigh(text.charCodeAt(index - 2)) ? 2 : 1
  }
  return index
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}
