/**
 * Text as one line, for a heading or a label: each line ending (`\n`, `\r\n`
 * or a bare `\r`, all line endings to Markdown) and the whitespace around it
 * become one space, and the ends are trimmed. Text of only line breaks and
 * whitespace gives `''`, which callers treat as absent.
 */
export function oneLine(value: string): string {
  return value
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ')
}
