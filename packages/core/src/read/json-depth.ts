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
 */
export function nestsDeeperThan(text: string | Uint8Array, max: number): boolean {
  // Deeper than `max` takes more than `max` opening brackets.
  if (text.length <= max) return false
  const bytes = typeof text !== 'string'
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const code = bytes ? (text as Uint8Array)[index] : (text as string).charCodeAt(index)
    if (inString) {
      if (code === backslash) index++
      else if (code === quote) inString = false
    } else if (code === quote) inString = true
    else if (code === openBracket || code === openBrace) {
      if (++depth > max) return true
    } else if (code === closeBracket || code === closeBrace) depth--
  }
  return false
}
