import type MarkdownIt from 'markdown-it'
import {requireModule} from './require-module.js'

/** The block parser, created on first use: text that cannot need containment never loads markdown-it. */
let blockParser: MarkdownIt | undefined

// Only CommonMark's block structure matters for containment, so inline parsing
// is switched off: markdown-it's block pass is fast (tens of MB/s), where a
// full micromark parse runs at 1-2 MB/s.
function createBlockParser(Parser: typeof MarkdownIt): MarkdownIt {
  const parser = new Parser('commonmark', {html: true})
  // Line endings are normalised before parsing, so its own normalise pass is off too.
  parser.core.ruler.disable(['normalize', 'inline', 'text_join'])
  return parser
}

/** Imports markdown-it ahead of containment (with `import()`), so that containing text does not `require` it. */
export async function loadBlockParser(): Promise<void> {
  if (blockParser) return
  const {default: Parser} = await import('markdown-it')
  blockParser ??= createBlockParser(Parser)
}

function getBlockParser(): MarkdownIt {
  blockParser ??= createBlockParser(requireModule('markdown-it') as typeof MarkdownIt)
  return blockParser
}

/**
 * Cheap tests for text that has nothing containment would change. Everything
 * it changes begins a line, after any container markers (`>`, list bullets and
 * numbers) and indentation: an ATX heading (`#`), a code fence (`` ` `` or
 * `~`), an HTML block (`<`), or a setext underline (a line of `=` or `-`).
 */
const markupCharacter = /[#`~<]/
const markupAtLineStart = /^[ \t>*+\-\d.)]*[#`~<]/m
const setextUnderline = /^[ \t>]*(?:=+|-+)[ \t]*$/m

/** Whether containing `text` needs the block parser (markdown-it), or leaves the text as it is. */
export function needsBlockParser(text: string): boolean {
  return (markupCharacter.test(text) && markupAtLineStart.test(text)) || setextUnderline.test(text)
}

/** Leading container markers (block quotes, list items) before a block's own markup. */
const containerPrefix = /^(?:[ \t]*>|[ \t]*(?:[-+*]|\d{1,9}[.)])(?=[ \t]))*[ \t]*/

interface Block {
  type: string
  tag: string
  markup: string
  map: [number, number] | null
  level: number
  content: string
}

/**
 * Makes message text safe to embed in a note at a section of heading `depth`,
 * keeping it verbatim otherwise:
 * - ATX headings go `depth` levels deeper (at most 6), setext headings become
 *   ATX headings at that depth, so nothing in a message can read as a turn heading;
 * - a code fence still open at the end is closed;
 * - an HTML block that only ends at its own terminator (`<!--`, `<pre>`,
 *   `<script>`, `<?`, `<!X`, `<![CDATA[`) gets that terminator.
 * Line endings become `\n`; surrounding blank lines are dropped.
 */
export function containMarkdown(text: string, depth: number): string {
  const source = text
    .replace(/\r\n?/g, '\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd()
  if (!needsBlockParser(source)) return source

  // A setext heading's lines become one ATX line: the others are emptied
  // (`undefined`) in place rather than spliced out, so every token's line map
  // stays valid and a message of 200,000 headings is edited in linear time.
  const lines: Array<string | undefined> = source.split('\n')
  const tokens = getBlockParser().parse(source, {}) as Block[]
  const append: string[] = []

  for (const token of tokens) {
    const map = token.map
    if (!map) continue
    if (token.type === 'heading_open') {
      const level = Number(token.tag.slice(1))
      const target = Math.min(6, level + depth)
      if (token.markup.startsWith('#')) demoteAtx(lines, map[0], target)
      else setextToAtx(lines, map, target)
    } else if (token.type === 'fence' && token.level === 0 && map[1] >= lines.length) {
      if (!closesFence(lines, map, token.markup)) append.push(token.markup)
    } else if (token.type === 'html_block' && token.level === 0 && map[1] >= lines.length) {
      const closed = closeHtmlBlock(token.content.replace(/\n$/, ''))
      if (closed.length > token.content.replace(/\n$/, '').length)
        append.push(closed.slice(closed.lastIndexOf('\n') + 1))
    }
  }

  settleUnderlines(lines, verbatimLines(tokens, lines.length))
  const kept = lines.filter((line): line is string => line !== undefined)
  return [...kept, ...append].join('\n')
}

/** A list item with nothing after its marker (`- `, `1.`), possibly in a block quote. */
const emptyItem = /^[ \t>]*(?:[-+*]|\d{1,9}[.)])[ \t]*$/
/** A line that could underline a setext heading. */
const underline = /^( {0,3})(-+|=+)([ \t]*)$/

/**
 * Parsers disagree on an empty list item followed by a line of `-` or `=`:
 * markdown-it (and the spec) read an empty item, micromark a setext heading
 * of the text `-`, which would be a heading at the note's own level. Such a
 * line is made one no parser underlines with: a rule of three or more dashes
 * becomes `***` (a rule to all of them), anything else gets its first
 * character escaped.
 */
function settleUnderlines(lines: Array<string | undefined>, verbatim: readonly boolean[]): void {
  let previous: string | undefined
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]
    if (line === undefined) continue
    if (verbatim[index]) {
      previous = undefined
      continue
    }
    const match = previous !== undefined && emptyItem.test(previous) ? underline.exec(line) : null
    if (match) {
      const [, indent = '', run = '', rest = ''] = match
      lines[index] = run[0] === '-' && run.length >= 3 ? `${indent}***${rest}` : `${indent}\\${run}${rest}`
    }
    previous = lines[index]
  }
}

/** Which lines are inside code blocks or HTML blocks, where nothing is Markdown. */
function verbatimLines(tokens: readonly Block[], count: number): boolean[] {
  const verbatim = new Array<boolean>(count).fill(false)
  for (const token of tokens) {
    if (!token.map || !['fence', 'code_block', 'html_block'].includes(token.type)) continue
    for (let index = token.map[0]; index < token.map[1] && index < count; index++) verbatim[index] = true
  }
  return verbatim
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

function closesFence(lines: ReadonlyArray<string | undefined>, map: [number, number], markup: string): boolean {
  if (map[1] - map[0] < 2) return false
  const last = lines[map[1] - 1] ?? ''
  const match = /^ {0,3}(`+|~+)[ \t]*$/.exec(last)
  const run = match?.[1]
  return run !== undefined && run[0] === markup[0] && run.length >= markup.length
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
