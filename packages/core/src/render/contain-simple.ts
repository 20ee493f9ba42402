/**
 * `containParsed` without the block parser, for the shape most assistant
 * messages have: paragraphs and lists whose only block markup is code fences
 * and ATX headings at the start of a line, every fence closed. Such text
 * reads the same to every parser (a fence or a heading at a line's start ends
 * any paragraph, list item, quote or table before it), so containment only
 * demotes the headings. Anything else (markup after indentation or container
 * markers, an HTML block, a fence left open or closed after indentation, a
 * line that could underline a setext heading, an item that starts empty)
 * gives `undefined`, and markdown-it decides. Sent through markdown-it, such
 * text cost an export's workers a tenth of their time.
 *
 * Returns what `containMarkdown` makes of `source` (with `\n` line endings,
 * no blank lines around it): the text itself when nothing needs containing,
 * or what `containParsed(source, depth)` returns; or `undefined`.
 */
export function containSimple(source: string, depth: number): string | undefined {
  /** The open fence's character and length; 0 when none is open. */
  let fence = 0
  let fenceLength = 0
  /** The text up to the last heading demoted, when one was. */
  const pieces: string[] = []
  let copied = 0
  for (let start = 0; start <= source.length; ) {
    let end = source.indexOf('\n', start)
    if (end === -1) end = source.length
    const first = source.charCodeAt(start)
    if (fence !== 0) {
      const run = runOf(source, fence, start, end)
      const rest = run >= fenceLength ? spacesAfter(source, start + run, end) : 0
      if (rest === spacesOnly) fence = 0
      // A line that might close the fence after indentation or before a tab is left to markdown-it.
      else if (rest === spacesAndTabs || (run === 0 && mayCloseIndented(source, fence, start, end))) return undefined
    } else {
      const run = first === backtick || first === tilde ? runOf(source, first, start, end) : 0
      const level = first === hash ? runOf(source, hash, start, end) : 0
      const after = source.charCodeAt(start + level)
      if (run >= 3) {
        // Three backticks with a backtick after them open no fence: left to markdown-it.
        if (first === backtick && source.lastIndexOf('`', end - 1) >= start + run) return undefined
        fence = first
        fenceLength = run
      } else if (level > 0 && level <= 6 && (start + level === end || after === space || after === tab)) {
        pieces.push(source.slice(copied, start), '#'.repeat(Math.min(6, level + depth)))
        copied = start + level
      } else if (mayBeginBlock(first)) {
        const line = source.slice(start, end)
        if (markupAfterPrefix.test(line) || setextUnderlineLine.test(line) || markersOnlyLine.test(line))
          return undefined
      }
    }
    start = end + 1
  }
  if (fence !== 0) return undefined
  if (pieces.length === 0) return source
  pieces.push(source.slice(copied))
  return pieces.join('')
}

/**
 * Whether a line that starts with `code` may be one of those the regular
 * expressions below find (each starts with one of these): a line of text
 * skips them.
 */
function mayBeginBlock(code: number): boolean {
  return (
    code === space ||
    code === tab ||
    code === 0x3e /* > */ ||
    code === 0x2a /* * */ ||
    code === 0x2b /* + */ ||
    code === 0x2d /* - */ ||
    code === 0x2e /* . */ ||
    code === 0x29 /* ) */ ||
    code === 0x3c /* < */ ||
    code === 0x3d /* = */ ||
    (code >= 0x30 && code <= 0x39)
  )
}

const backtick = 0x60
const tilde = 0x7e
const hash = 0x23
const space = 0x20
const tab = 0x09

/**
 * What can begin a block after indentation or container markers (a heading, a
 * fence, HTML), or HTML at a line's start: left to markdown-it. Inline code
 * after a list marker (`` - `npm test` ``) or a `#tag` begins none.
 */
const markupAfterPrefix = /^(?:[ \t>*+\-\d.)]+(?:#{1,6}(?:[ \t]|$)|`{3}|~{3})|[ \t>*+\-\d.)]*<)/
/** A line that could underline a setext heading (see `settleLines`); `needsBlockParser` looks for one in a text. */
export const setextUnderlineLine = /^[ \t>]*(?:=+|-+)[ \t]*$/
/** A line of list markers alone: an item that starts empty (see `settleLines`), as `needsBlockParser` finds one. */
export const markersOnlyLine = /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]*)+$/

/** How many times `code` repeats from `start`, before `end`. */
function runOf(text: string, code: number, start: number, end: number): number {
  let at = start
  while (at < end && text.charCodeAt(at) === code) at++
  return at - start
}

const spacesOnly = 1
const spacesAndTabs = 2

/** What `text` has from `start` to `end`: nothing but spaces (or nothing), spaces and tabs, or other text (0). */
function spacesAfter(text: string, start: number, end: number): number {
  let kind = spacesOnly
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at)
    if (code === tab) kind = spacesAndTabs
    else if (code !== space) return 0
  }
  return kind
}

/** Whether the line is indentation then three of the fence's characters: a closing fence to some reading. */
function mayCloseIndented(text: string, fence: number, start: number, end: number): boolean {
  let at = start
  while (at < end && (text.charCodeAt(at) === space || text.charCodeAt(at) === tab)) at++
  return at > start && runOf(text, fence, at, end) >= 3
}
