import stripAnsi from 'strip-ansi'
import {oneLine} from './one-line.js'

/**
 * Control characters other than line endings: C0 (NUL to US, but `\n` and
 * `\r`), DEL and C1 (U+0080 to U+009F). Written raw, they reach a note's
 * heading, a file name and a terminal (`--list`), where ESC and CSI start
 * escape sequences and BEL rings.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is matched
const controlCharacter = /[ \t]*[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f][\u0000-\u0020\u007f-\u009f]*/g

/**
 * Bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066
 * to U+2069): in a file name, a heading or a terminal they reorder what
 * follows them (`report\u202Etxt.exe` shows as `reportexe.txt`). Text in a
 * right-to-left script needs none of them to show as it should.
 */
const bidiControl = /[\u202a-\u202e\u2066-\u2069]/g

/**
 * A title or a label made safe to write anywhere, as one line: ANSI escape
 * sequences taken out whole (a title copied from a terminal keeps its words,
 * not `[31m`), every other run of control characters, with the spaces around it, made one space (a tab, a
 * form feed, a lone ESC or BEL), bidirectional controls taken out, then {@link oneLine}. Text of only controls
 * and whitespace gives `''`, which callers treat as absent.
 */
export function safeTitle(value: string): string {
  const plain = value.includes('\u001b') || value.includes('\u009b') ? stripAnsi(value) : value
  const ordered = /[\u202a-\u202e\u2066-\u2069]/.test(plain) ? plain.replace(bidiControl, '') : plain
  return oneLine(ordered.replace(controlCharacter, ' '))
}
