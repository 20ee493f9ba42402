import stripAnsi from 'strip-ansi'

/**
 * Text without ANSI escape sequences: the colours and cursor moves of a
 * terminal's output (a command's result, a slash command's output) are
 * escape bytes that a note or a page cannot show. Most text has none, and
 * is returned as it is without a scan by the library's expression.
 */
export function withoutAnsi(text: string): string {
  return text.includes('\u001b') || text.includes('\u009b') ? stripAnsi(text) : text
}
