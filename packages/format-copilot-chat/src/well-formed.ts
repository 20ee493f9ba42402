/** A UTF-16 surrogate without its other half. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * `value` with every lone UTF-16 surrogate in its strings made U+FFFD. VS Code
 * writes a string holding half a surrogate pair (an answer cut between the two
 * halves of an emoji) as a `\udeaa` escape (peckjon/copilot-chat-to-markdown#4);
 * JSON reads it back as a lone surrogate, which no UTF-8 file can hold: a note
 * written with it would not read back as the note that was made. Plain objects
 * and arrays are changed in place.
 */
export function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return value.replace(loneSurrogate, '\uFFFD') as T
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = wellFormed(value[index])
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) record[key] = wellFormed(record[key])
  }
  return value
}
