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
 * Returns what `containParsed(source, depth)` returns, or `undefined`.
 */
export function containSimple(source: string, depth: number): string | undefined {
  const lines = source.split('\n')
  /** The open fence's character and length; 0 when none is open. */
  let fence = 0
  let fenceLength = 0
  let changed = false
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string
    const first = line.charCodeAt(0)
    if (fence !== 0) {
      const run = runOf(line, fence, 0)
      const rest = run >= fenceLength ? spacesAfter(line, run) : 0
      if (rest === spacesOnly) fence = 0
      // A line that might close the fence after indentation or before a tab is left to markdown-it.
      else if (rest === spacesAndTabs || (run === 0 && mayCloseIndented(line, fence))) return undefined
      continue
    }
    const run = first === backtick || first === tilde ? runOf(line, first, 0) : 0
    if (run >= 3) {
      // Three backticks with a backtick after them open no fence: left to markdown-it.
      if (first === backtick && line.indexOf('`', run) !== -1) return undefined
      fence = first
      fenceLength = run
      continue
    }
    if (first === hash) {
      const level = runOf(line, hash, 0)
      const after = line.charCodeAt(level)
      if (level <= 6 && (level === line.length || after === space || after === tab)) {
        lines[index] = '#'.repeat(Math.min(6, level + depth)) + line.slice(level)
        changed = true
        continue
      }
    }
    if (markupAfterPrefix.test(line) || underline.test(line) || onlyMarkers.test(line)) return undefined
  }
  if (fence !== 0) return undefined
  return changed ? lines.join('\n') : source
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
/** A line that could underline a setext heading (see `settleLines`). */
const underline = /^[ \t>]*(?:=+|-+)[ \t]*$/
/** A line of list markers alone: an item that starts empty (see `settleLines`). */
const onlyMarkers = /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]*)+$/

/** How many times `code` repeats from `start`. */
function runOf(line: string, code: number, start: number): number {
  let at = start
  while (line.charCodeAt(at) === code) at++
  return at - start
}

const spacesOnly = 1
const spacesAndTabs = 2

/** What `line` has from `start`: nothing but spaces (or nothing), spaces and tabs, or other text (0). */
function spacesAfter(line: string, start: number): number {
  let kind = spacesOnly
  for (let at = start; at < line.length; at++) {
    const code = line.charCodeAt(at)
    if (code === tab) kind = spacesAndTabs
    else if (code !== space) return 0
  }
  return kind
}

/** Whether `line` is indentation then three of the fence's characters: a closing fence to some reading. */
function mayCloseIndented(line: string, fence: number): boolean {
  let at = 0
  while (line.charCodeAt(at) === space || line.charCodeAt(at) === tab) at++
  return at > 0 && runOf(line, fence, at) >= 3
}
