import type {Block} from './block-parser.js'
import {parseBlocks} from './block-parser.js'
import {containSimple, markersOnlyLine, setextUnderlineLine} from './contain-simple.js'
import {trimLineEnds} from './trim-line-ends.js'

/**
 * Cheap tests for text that has nothing containment would change. Everything
 * it changes begins a line, after any container markers (`>`, list bullets and
 * numbers) and indentation: an ATX heading (`#`), a code fence (`` ` `` or
 * `~`), an HTML block (`<`), a setext underline (a line of `=` or `-`), or,
 * in text that has one of the others, an item with nothing after its marker.
 */
const markupCharacter = /[#`~<]/
const markupAtLineStart = /^[ \t>*+\-\d.)]*[#`~<]/m
/**
 * What of `markupAtLineStart` can begin a block: a heading's hashes (then a
 * space, a tab or the line's end), three backticks or tildes, or `<`. Inline
 * code at the start of a list item (`` - `npm test` ``) or a `#tag` begins
 * none, and sent a message through markdown-it for nothing.
 */
const blockAtLineStart = /^[ \t>*+\-\d.)]*(?:#{1,6}(?:[ \t]|$)|`{3}|~{3}|<)/m
/** A line of list markers alone (an item that starts empty, which `settleLines` may mark), or a setext underline. */
const markersOnly = new RegExp(markersOnlyLine.source, 'm')
const setextUnderline = new RegExp(setextUnderlineLine.source, 'm')

/** Whether containing `text` needs the block parser (markdown-it), or leaves the text as it is. */
export function needsBlockParser(text: string): boolean {
  if (setextUnderline.test(text)) return true
  if (!markupCharacter.test(text)) return false
  // An empty item is settled only in text that has markup at a line's start at all (as before the finer test).
  return blockAtLineStart.test(text) || (markersOnly.test(text) && markupAtLineStart.test(text))
}

/** Leading container markers (block quotes, list items) before a block's own markup. */
const containerPrefix = /^(?:[ \t]*>|[ \t]*(?:[-+*]|\d{1,9}[.)])(?=[ \t]))*[ \t]*/

/**
 * Makes message text safe to embed in a note at a section of heading `depth`,
 * keeping it verbatim otherwise:
 * - ATX headings go `depth` levels deeper (at most 6), setext headings become
 *   ATX headings at that depth, so nothing in a message can read as a turn heading;
 * - a code fence or an HTML block that only ends at its own terminator
 *   (`<!--`, `<pre>`, `<script>`, `<?`, `<!X`, `<![CDATA[`) and is still open
 *   where markdown-it ends it (the end of the text, or of the block quote or
 *   list item that holds it) is closed there, inside that container;
 * - no line is left that any parser could read as a setext underline (see
 *   `settleLines`).
 * Line endings become `\n`, the spaces and tabs that end lines are dropped
 * (hard breaks kept, code untouched: see `trimLineEnds`), and surrounding
 * blank lines are dropped.
 */
export function containMarkdown(text: string, depth: number): string {
  // `includes` first: most text has no `\r`, and the replacement would scan it all.
  const normalised = (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).replace(/^(?:[ \t]*\n)+/, '').trimEnd()
  // Spaces that end a line would be noise in the note (and entities once parsed): see `trimLineEnds`.
  const source = trimLineEnds(normalised)
  // Most text is simple (see `containSimple`), and one pass over its lines answers; the rest is asked of the cheap
  // tests, then of the block parser.
  return containSimple(source, depth) ?? (needsBlockParser(source) ? containParsed(source, depth) : source)
}

/**
 * {@link containMarkdown} of text with `\n` line endings and no blank lines
 * around it, through the block parser whatever the text: exported for the
 * test that no text `needsBlockParser` lets by would be changed here.
 */
export function containParsed(source: string, depth: number): string {
  // A setext heading's lines become one ATX line: the others are emptied
  // (`undefined`) in place rather than spliced out, so every token's line map
  // stays valid and a message of 200,000 headings is edited in linear time.
  const lines: Array<string | undefined> = source.split('\n')
  // With a last line ending, every line of a fence's content ends in one (see `fenceClosed`).
  const tokens = parseBlocks(`${source}\n`)
  // Lines that close a block, written after the line of the same index.
  const closers: Array<string | undefined> = []

  for (const token of tokens) {
    const map = token.map
    if (!map) continue
    if (token.type === 'heading_open') {
      const level = Number(token.tag.slice(1))
      const target = Math.min(6, level + depth)
      if (token.markup.startsWith('#')) demoteAtx(lines, map[0], target)
      else setextToAtx(lines, map, target)
    } else if (token.type === 'fence') {
      if (!fenceClosed(token, map)) closeAfter(closers, lines, token, map, token.markup)
    } else if (token.type === 'html_block') {
      const content = token.content.replace(/\n$/, '')
      const closed = closeHtmlBlock(content)
      if (closed.length > content.length)
        closeAfter(closers, lines, token, map, closed.slice(closed.lastIndexOf('\n') + 1))
    }
  }

  settleLines(lines, lineRoles(tokens, lines.length))
  const kept: string[] = []
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]
    if (line !== undefined) kept.push(line)
    const closer = closers[index]
    if (closer !== undefined) kept.push(closer)
  }
  return kept.join('\n')
}

/**
 * Whether a fence has its closing line: markdown-it's map then spans the
 * opening line, the content lines (each ending in `\n` in its content, the
 * text ending in one) and the closing line; an open fence's map ends after its
 * last content line.
 */
function fenceClosed(token: Block, map: [number, number]): boolean {
  let contentLines = 0
  for (let at = token.content.indexOf('\n'); at !== -1; at = token.content.indexOf('\n', at + 1)) contentLines++
  return map[1] - map[0] === contentLines + 2
}

/**
 * Writes `closer` as the line after a block that markdown-it reads as running
 * to the end of its container. A block in a block quote or list item is
 * closed inside it, after the same markers (list markers as spaces): micromark
 * may read that block outside the container (after a line markdown-it reads
 * as code, `1.` on its own is a paragraph to micromark and the block under it
 * top-level), and an unclosed one would then swallow the rest of the note.
 */
function closeAfter(
  closers: Array<string | undefined>,
  lines: ReadonlyArray<string | undefined>,
  token: Block,
  map: [number, number],
  closer: string
): void {
  const first = lines[map[0]] ?? ''
  const prefix = token.level === 0 ? '' : (containerPrefix.exec(first)?.[0] ?? '').replace(listMarker, spaces)
  // After the block's last line that is not blank: markdown-it's map of a nested block takes in the blank lines
  // that end its container, which would be code.
  let at = Math.min(map[1], lines.length) - 1
  while (at > map[0] && blankInQuote.test(lines[at] ?? '')) at--
  const before = closers[at]
  closers[at] = before === undefined ? prefix + closer : `${before}\n${prefix}${closer}`
}

const listMarker = /[-+*]|\d{1,9}[.)]/g
const spaces = (marker: string): string => ' '.repeat(marker.length)

/** What markdown-it read a line as (see `lineRoles`): inside a code or HTML block, where nothing is Markdown. */
const verbatimLine = 1
/** A thematic break. */
const ruleLine = 2
/** The first line of a list item. */
const itemStartLine = 3

/** A line that could underline a setext heading, after any block-quote markers and indentation. */
const underline = /^([ \t>]*)(-+|=+)([ \t]*)$/
/** A line blank inside its block quotes. */
const blankInQuote = /^[ \t>]*$/
/** A line of nothing but container markers: a list item that starts empty (`-`, `1.`, `> - +`). */
const onlyMarkers = /^(?:[ \t]*>|[ \t]*(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$))*[ \t]*$/

/**
 * Settles the lines that parsers read differently, so that none can make a
 * heading at the note's own level or open a block that runs on past the text.
 * Each is spelled as what markdown-it read it as, in one pass over the lines:
 * - A list item that starts empty (`-`, `1.`) is given an empty HTML comment
 *   (`- <!---->`, which shows nothing). Empty, it cannot interrupt a
 *   paragraph, and micromark reads one as a paragraph after an indented code
 *   block or a link definition (even past a blank line) where markdown-it
 *   reads an item: the line under it is then a lazy continuation to one parser
 *   and a block of its own to the other, or a setext underline. With content,
 *   an item would take in indented lines after a blank line, so one with a
 *   blank line under it (where that paragraph ends) is left as it is, unless
 *   it is a lone `-` that could underline the line above (see below).
 * - No line is left that any parser could read as a setext underline. After a
 *   line that is not blank (markdown-it's own setext headings are ATX lines by
 *   now), a rule of dashes becomes `***`, which nothing underlines with, and any
 *   other line of `-` or `=` has its first character escaped (`\=`, `\--`:
 *   paragraph text to every parser). An empty item after an indented line under
 *   a link definition is otherwise a setext underline to micromark (and the
 *   spec), where markdown-it reads code then an item.
 */
function settleLines(lines: Array<string | undefined>, roles: Uint8Array): void {
  let previousBlank = true
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]
    if (line === undefined) continue
    const role = roles[index]
    const next = role === itemStartLine && onlyMarkers.test(line) ? lineAfter(lines, index) : ''
    if (next === undefined || (next !== '' && !blankInQuote.test(next))) {
      lines[index] = `${line.trimEnd()} <!---->`
    } else if (!previousBlank && role !== verbatimLine && endsWithRun(line)) {
      const match = underline.exec(line)
      if (match) {
        const [, prefix = '', run = '', rest = ''] = match
        lines[index] = run[0] === '-' && role === ruleLine ? `${prefix}***${rest}` : `${prefix}\\${run}${rest}`
      }
    }
    previousBlank = isBlank(line)
  }
}

// Character tests, not regular expressions, for the two questions asked of every line (is it blank, may it be an
// underline): a message of hundreds of thousands of lines made as many regular-expression calls.
const space = 0x20
const tab = 0x09

/** Whether a line is only spaces and tabs; stops at the first character that is neither. */
function isBlank(line: string): boolean {
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index)
    if (code !== space && code !== tab) return false
  }
  return true
}

/** Whether the last character of a line before trailing spaces and tabs is `-` or `=`, as in any `underline`. */
function endsWithRun(line: string): boolean {
  for (let index = line.length - 1; index >= 0; index--) {
    const code = line.charCodeAt(index)
    if (code !== space && code !== tab) return code === 0x2d || code === 0x3d
  }
  return false
}

/** The next line kept after `index` (lines of setext headings made ATX are gone). */
function lineAfter(lines: ReadonlyArray<string | undefined>, index: number): string | undefined {
  for (let at = index + 1; at < lines.length; at++) if (lines[at] !== undefined) return lines[at]
  return undefined
}

/** What markdown-it read each line as: code or HTML (verbatim), a rule, the start of a list item, or other. */
function lineRoles(tokens: readonly Block[], count: number): Uint8Array {
  const roles = new Uint8Array(count)
  for (const token of tokens) {
    const map = token.map
    if (!map || map[0] >= count) continue
    if (token.type === 'hr') roles[map[0]] = ruleLine
    else if (token.type === 'list_item_open') roles[map[0]] = itemStartLine
    else if (token.type === 'fence' || token.type === 'code_block' || token.type === 'html_block') {
      for (let index = map[0]; index < map[1] && index < count; index++) roles[index] = verbatimLine
    }
  }
  return roles
}

function demoteAtx(lines: Array<string | undefined>, index: number, target: number): void {
  const line = lines[index]
  if (line === undefined) return
  const prefix = containerPrefix.exec(line)?.[0] ?? ''
  const rest = line.slice(prefix.length)
  const marks = /^#{1,6}/.exec(rest)?.[0]
  if (!marks) return
  lines[index] = prefix + '#'.repeat(target) + rest.slice(marks.length)
}

function setextToAtx(lines: Array<string | undefined>, map: [number, number], target: number): void {
  const [start, end] = map
  const first = lines[start]
  if (first === undefined || end - start < 2) return
  const prefix = containerPrefix.exec(first)?.[0] ?? ''
  const content: string[] = []
  for (let index = start; index < end - 1; index++) {
    const line = lines[index] ?? ''
    const own = containerPrefix.exec(line)?.[0] ?? ''
    content.push(line.slice(own.length).trim())
  }
  lines[start] = `${prefix}${'#'.repeat(target)} ${content.join(' ')}`
  for (let index = start + 1; index < end; index++) lines[index] = undefined
}

/**
 * An HTML block's raw text, with the terminator it lacks appended (CommonMark
 * types 1-5 end only at their own terminator, so an unclosed one would run to
 * the end of the note).
 */
export function closeHtmlBlock(value: string): string {
  const terminator = htmlTerminator(value)
  if (
    !terminator ||
    value
      .slice(value.indexOf('<') + 2)
      .toLowerCase()
      .includes(terminator.end)
  )
    return value
  return `${value}\n${terminator.end}`
}

/** CommonMark HTML block types 1-5 end only at their own terminator, not at a blank line. */
function htmlTerminator(content: string): {end: string} | undefined {
  const start = content.trimStart()
  const raw = /^<(script|pre|style|textarea)(?=[\s>]|$)/i.exec(start)
  if (raw?.[1]) return {end: `</${raw[1].toLowerCase()}>`}
  if (start.startsWith('<!--')) return {end: '-->'}
  if (start.startsWith('<?')) return {end: '?>'}
  if (start.startsWith('<![CDATA[')) return {end: ']]>'}
  if (/^<![A-Za-z]/.test(start)) return {end: '>'}
  return undefined
}
