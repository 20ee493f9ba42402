/**
 * How an editor saved a note, beside its words: a byte order mark, CRLF line
 * endings, how many line breaks end it. Editors change these on their own
 * (Windows editors write CRLF and a BOM; many strip or add the last newline),
 * and none of it is an edit of the person's: a note that differs from
 * chatmark's version only so is still chatmark's version.
 */
export interface NoteStyle {
  bom: boolean
  crlf: boolean
  /** Line breaks at its end. */
  finalNewlines: number
}

/** The text without a byte order mark, its CRLF line endings as LF. */
export function plainText(text: string): string {
  const bare = text.startsWith('\ufeff') ? text.slice(1) : text
  return bare.includes('\r\n') ? bare.replaceAll('\r\n', '\n') : bare
}

/**
 * The text as chatmark writes notes, for comparing: {@link plainText}, ending
 * with exactly one line break (text of only line breaks is empty).
 */
export function canonicalText(text: string): string {
  const plain = plainText(text)
  const body = plain.slice(0, withoutFinalNewlines(plain))
  return body === '' ? '' : `${body}\n`
}

/** The style of a note's text: CRLF when most of its lines end so. */
export function noteStyle(text: string): NoteStyle {
  let lf = 0
  let crlf = 0
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    lf++
    if (text.charCodeAt(index - 1) === 13) crlf++
  }
  const end = text.slice(withoutFinalNewlines(text))
  return {bom: text.startsWith('\ufeff'), crlf: crlf * 2 > lf, finalNewlines: end.split('\n').length - 1}
}

/** A text of chatmark's (LF, no byte order mark) in a note's style, so that an update keeps how the person saves it. */
export function inStyle(text: string, style: NoteStyle): string {
  let styled = `${text.slice(0, withoutFinalNewlines(text))}${'\n'.repeat(style.finalNewlines)}`
  if (style.crlf) styled = styled.replaceAll('\n', '\r\n')
  return style.bom ? `\ufeff${styled}` : styled
}

/** Where the line breaks (LF or CRLF) that end a text begin (a loop: a regular expression would be quadratic). */
function withoutFinalNewlines(text: string): number {
  let end = text.length
  while (end > 0 && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--
  return end
}
