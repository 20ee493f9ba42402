const quote = 0x22
const backslash = 0x5c
const openBracket = 0x5b
const closeBracket = 0x5d
const openBrace = 0x7b
const closeBrace = 0x7d

/**
 * Whether a JSON text nests arrays and objects deeper than `max`, found by a
 * scan that skips strings, before `JSON.parse` spends memory on it. Text that
 * is not JSON is scanned all the same; `JSON.parse` then reports it.
 *
 * Strings are most of a line's bytes, so each is skipped with one native
 * `indexOf` to its closing quote rather than walked character by character
 * (a per-character loop cost as much as the `JSON.parse` it guards).
 */
export function nestsDeeperThan(text: string | Uint8Array, max: number): boolean {
  // Deeper than `max` takes more than `max` opening brackets.
  if (text.length <= max) return false
  if (typeof text !== 'string') return bytesNestDeeperThan(text, max)
  let depth = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === quote) {
      let end = text.indexOf('"', index + 1)
      while (end !== -1 && escaped(text, end)) end = text.indexOf('"', end + 1)
      // An unclosed string runs to the end: nothing after its quote opens a bracket.
      if (end === -1) return false
      index = end
    } else if (code === openBracket || code === openBrace) {
      if (++depth > max) return true
    } else if (code === closeBracket || code === closeBrace) depth--
  }
  return false
}

/** Whether the quote at `at` is escaped: an odd run of backslashes before it (the opening quote ends the run). */
function escaped(text: string, at: number): boolean {
  let slashes = 0
  while (text.charCodeAt(at - 1 - slashes) === backslash) slashes++
  return slashes % 2 === 1
}

/** {@link nestsDeeperThan} over UTF-8 bytes (a quote or bracket byte is never part of a multi-byte character). */
function bytesNestDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0
  for (let index = 0; index < bytes.length; index++) {
    const code = bytes[index]
    if (code === quote) {
      let end = bytes.indexOf(quote, index + 1)
      while (end !== -1 && bytesEscaped(bytes, end)) end = bytes.indexOf(quote, end + 1)
      if (end === -1) return false
      index = end
    } else if (code === openBracket || code === openBrace) {
      if (++depth > max) return true
    } else if (code === closeBracket || code === closeBrace) depth--
  }
  return false
}

function bytesEscaped(bytes: Uint8Array, at: number): boolean {
  let slashes = 0
  while (bytes[at - 1 - slashes] === backslash) slashes++
  return slashes % 2 === 1
}
