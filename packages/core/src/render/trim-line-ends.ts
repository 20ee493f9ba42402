import {parseBlocks} from './block-parser.js'

/** Spaces and tabs before a line ending, or at the end of the text. */
const trailingBlank = /[ \t]+$/
/** A hard line break's spaces: two or more before the line ending (tabs do not make one). */
const hardBreakSpaces = / {2,}$/
/** A line of container markers alone (`- `, `1. `, `> `): the space after a marker is the marker's, and kept. */
const markersOnly = /^(?:[ \t]*(?:>|[-+*]|\d{1,9}[.)]))+[ \t]*$/

/**
 * Whether {@link trimLineEnds} could change `text`: most text has no space or
 * tab before a line ending, and needs no block parse.
 */
export function hasTrailingBlanks(text: string): boolean {
  return text.includes(' \n') || text.includes('\t\n')
}

/**
 * Message text (`\n` line endings) without the spaces and tabs that end its
 * lines, which a reader of a note cannot see and which Slack's and other
 * tools' text is full of. A line of a paragraph that ends in two or more
 * spaces, and is not the paragraph's last, is a hard line break (CommonMark
 * 6.7): it keeps exactly two spaces, so its meaning stays. Lines of code
 * blocks (fenced or indented) and HTML blocks are kept as they are, and so is
 * a line that ends inside a code span, whose spaces are the span's content,
 * and a line of container markers alone (an item that starts empty).
 */
export function trimLineEnds(text: string): string {
  if (!hasTrailingBlanks(text)) return text
  const lines = text.split('\n')
  /** What each line is: kept as it is, a paragraph's line that may break, or the rest (trimmed). */
  const kept = new Uint8Array(lines.length)
  const breaks = new Uint8Array(lines.length)
  for (const token of parseBlocks(`${text}\n`)) {
    const map = token.map
    if (!map) continue
    if (token.type === 'fence' || token.type === 'code_block' || token.type === 'html_block') {
      kept.fill(1, map[0], Math.min(map[1], lines.length))
    } else if (token.type === 'paragraph_open') {
      markParagraph(lines, map, kept, breaks)
    }
  }
  return lines
    .map((line, index) => {
      if (kept[index] === 1 || markersOnly.test(line)) return line
      const trimmed = line.replace(trailingBlank, '')
      return breaks[index] === 1 && hardBreakSpaces.test(line) && trimmed !== '' ? `${trimmed}  ` : trimmed
    })
    .join('\n')
}

/**
 * Marks the lines of a paragraph: every line but the last may end in a hard
 * break, and a line that ends inside a code span (an opening backtick run not
 * yet closed by a run of the same length) is kept.
 */
function markParagraph(lines: readonly string[], map: [number, number], kept: Uint8Array, breaks: Uint8Array): void {
  const end = Math.min(map[1], lines.length)
  let openRun = 0
  for (let index = map[0]; index < end; index++) {
    const line = lines[index] ?? ''
    if (line.includes('`')) openRun = codeSpanAfter(line, openRun)
    if (openRun > 0) kept[index] = 1
    else if (index < end - 1) breaks[index] = 1
  }
}

/** The length of the backtick run that opened a code span still open after `line` (0: none), given the one before. */
function codeSpanAfter(line: string, open: number): number {
  let current = open
  for (const run of line.matchAll(/\\*`+/g)) {
    const slashes = run[0].length - run[0].replace(/^\\+/, '').length
    let length = run[0].length - slashes
    // An escaped backtick opens nothing (outside a span; inside one, backslashes are literal).
    if (current === 0 && slashes % 2 === 1) length--
    if (length === 0) continue
    if (current === 0) current = length
    else if (length === current) current = 0
  }
  return current
}
