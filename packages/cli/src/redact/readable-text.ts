import {decodeNamedCharacterReference} from 'decode-named-character-reference'

/**
 * A string as a Markdown reader reads it: backslash escapes and character references resolved (CommonMark 2.4
 * and 2.5), with a map back to the string. Readers write some text as Markdown themselves and escape it as they
 * do (Slack's mrkdwn through mdast-util-to-markdown: `postgres\://admin:pw\@db`; a citation's title: `ghp\_...`),
 * and a model may write `&#95;`: a secret spelled so is found in this copy and replaced in the original.
 */
export interface ReadableText {
  text: string
  /**
   * Where positions of `text` come from, as pairs `[at, from]` flattened (`marks[2k]` in `text`, `marks[2k + 1]`
   * in the original), one at each escape and one after it: between two marks, positions differ by a constant.
   */
  marks: number[]
}

/** A backslash escape of ASCII punctuation, or a decimal, hexadecimal or named character reference. */
const escapes = /\\([!-/:-@[-`{-~])|&(?:#(\d{1,7})|#[xX]([\dA-Fa-f]{1,6})|([A-Za-z][A-Za-z\d]{0,31}));/g

/** The text as read, or `undefined` when it reads as it is written (most strings hold no `\` and no `&`). */
export function readableText(source: string): ReadableText | undefined {
  if (!source.includes('\\') && !source.includes('&')) return undefined
  let text = ''
  let from = 0
  const marks: number[] = []
  for (const match of source.matchAll(escapes)) {
    const read = decoded(match)
    if (read === undefined) continue
    text += source.slice(from, match.index)
    marks.push(text.length, match.index)
    text += read
    from = match.index + match[0].length
    marks.push(text.length, from)
  }
  if (marks.length === 0) return undefined
  return {text: text + source.slice(from), marks}
}

/** The position in the original string of position `at` of {@link ReadableText.text} (its length included). */
export function sourcePosition(readable: ReadableText, at: number): number {
  const {marks} = readable
  let low = 0
  let high = marks.length / 2 - 1
  if (high < 0 || at < (marks[0] ?? 0)) return at
  // The last mark at or before `at`.
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((marks[middle * 2] ?? 0) <= at) low = middle
    else high = middle - 1
  }
  return (marks[low * 2 + 1] ?? 0) + at - (marks[low * 2] ?? 0)
}

/** What an escape reads as; `undefined` for an unknown entity name, which is text as it is. */
function decoded(match: RegExpMatchArray): string | undefined {
  const [, escaped, decimal, hexadecimal, name] = match
  if (escaped !== undefined) return escaped
  if (name !== undefined) {
    const character = decodeNamedCharacterReference(name)
    return character === false ? undefined : character
  }
  const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hexadecimal ?? '', 16)
  // CommonMark: 0, a surrogate or a code point past Unicode reads as U+FFFD.
  return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(code)
}
