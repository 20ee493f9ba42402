import {parseBlocks} from './block-parser.js'

/**
 * What {@link obsidianMarkdown} may change: a LaTeX delimiter, a dollar sign,
 * two opening brackets, a `#` before a tag's first character, `%%` or `==`.
 */
const candidate = /\\[([]|\$|\[\[|%%|==|#[^\s!-,.:-@[-^`{-~]/

/** Whether {@link obsidianMarkdown} could change `text`; when not, it needs no block parser. */
export function needsObsidianPass(text: string): boolean {
  return candidate.test(text)
}

/**
 * Message text (contained Markdown source, line endings `\n`) as the obsidian
 * profile writes it. Only prose changes, never code (fenced, indented or a
 * code span), HTML or autolinks, and never the lines or the block structure
 * (a bare URL or a link's address keeps its `$`, `#`, `==` and escaped
 * parentheses, as in `?key=abc==` and `Set_\(mathematics\)`):
 * - LaTeX delimiters become the dollar signs Obsidian renders: `\(...\)` on
 *   one line becomes `$...$` (inner edge spaces dropped: Obsidian wants none);
 *   `\[...\]` becomes `$$...$$` when `\[` starts a line and `\]` ends one (as
 *   models write display math), or when it holds a LaTeX command or a `^`.
 *   Anything else (`\[1\]`, `[link]\(not a link\)`) stays as written.
 * - Dollar signs: math already written with them stays (a `$$` pair in one
 *   paragraph; a `$` pair on one line, the first `$` before a non-space, the
 *   second after one and not before a digit); every other `$` is escaped, so
 *   a price pairs with no other sign and no converted delimiter.
 * - Obsidian's own syntax is escaped, so a chat cannot make it: each `[` after
 *   a `[` (wikilinks, and `![[...]]` embeds of vault files), the `#` of a
 *   tag, each `%` of `%%` (a comment, which hides the rest of the note when it
 *   is not closed) and each `=` of `==` (a highlight). Escaped, they read the
 *   same. Math that holds `[[` or `%%` is prose here, escaped like the rest.
 * Linear in the length of the text.
 */
export function obsidianMarkdown(text: string): string {
  if (!needsObsidianPass(text)) return text
  const lines = text.split('\n')
  for (const block of parseBlocks(text)) {
    if (block.type !== 'inline' || !block.map) continue
    const [start, end] = block.map
    const source = lines.slice(start, end).join('\n')
    if (!needsObsidianPass(source)) continue
    const rewritten = new Prose(source).rewrite().split('\n')
    for (let index = 0; index < rewritten.length; index++) lines[start + index] = rewritten[index] ?? ''
  }
  return lines.join('\n')
}

/** ASCII punctuation: what a backslash escapes in CommonMark. */
const asciiPunctuation = /[!-/:-@[-`{-~]/
/** A character of an Obsidian tag: not a space, and no ASCII punctuation but `-`, `/` and `_`. */
const tagCharacter = /[^\s!-,.:-@[-^`{-~]/
/** What may come right before a `#` that starts no tag: a word, an entity, a URL's parts. */
const beforeNoTag = /[\p{L}\p{N}&#\\/:.=?@_-]/u
/** Characters of container markers (block quotes, list items) and indentation. */
const prefixCharacter = /[ \t>*+\-\d.)]/
/** A line's container markers and indentation, all that may come before display math on its own line. */
const linePrefix = /^(?:[ \t]*>|[ \t]*(?:[-+*]|\d{1,9}[.)])(?=[ \t]))*[ \t]*$/
/** What makes `\[...\]` within a line display math: a LaTeX command or a superscript. */
const mathSign = /\\[A-Za-z]|\^/
/** Inline HTML tags and autolinks, left as they are (sticky: tried at one position). */
const htmlOrAutolink = new RegExp(
  [
    String.raw`<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>`,
    String.raw`<[^\s<>@\\]+@[A-Za-z0-9.-]+>`,
    String.raw`<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>\x60]+|'[^']*'|"[^"]*"))?)*\s*/?>`,
    String.raw`</[A-Za-z][A-Za-z0-9-]*\s*>`
  ].join('|'),
  'y'
)
/** Where something may need a change: every other character is copied as it is. */
const special = /[`<\\$[#%=]/g
/** The same, or the start of a bare URL or of a link's destination (`](`), which Obsidian and GFM link as written. */
const specialOrUrl = /[`<\\$[#%=]|[A-Za-z][A-Za-z0-9+.-]{1,31}:\/\/|www\.|\]\(/gi
/** The rest of a bare URL (sticky): up to a space or a `<`. */
const urlRest = /[^\s<]*/y

/**
 * One block's inline content (a paragraph or a heading: its lines as written,
 * container markers included), rewritten left to right in one pass.
 */
class Prose {
  readonly #source: string
  readonly #pieces: string[] = []
  /** How far the source is copied into `#pieces`. */
  #copied = 0
  /** No LaTeX delimiter opens before this: it is inside a pair that is not math. */
  #latexFrom = 0
  /** No `\)` is left before this (the end of the line where one was looked for). */
  #noInlineCloseBefore = -1
  /** No `\]` is left in the block. */
  #noDisplayClose = false
  /** No `-->` is left in the block. */
  #noCommentClose = false
  readonly #hasUrl: boolean
  /**
   * The end of the bare URL or link destination being passed: its `$`, `#`, `==` and escaped parentheses stay as
   * written (`?key=abc==` is no highlight, `wiki/Set_\(mathematics\)` no math).
   */
  #urlEnd = -1
  /** Backtick runs by length, and how far each list has been passed: the closing run of a code span. */
  #backticks: Map<number, {at: number[]; next: number}> | undefined

  constructor(source: string) {
    this.#source = source
    this.#hasUrl = source.includes('://') || /www\./i.test(source) || source.includes('](')
  }

  rewrite(): string {
    const source = this.#source
    const next = this.#hasUrl ? specialOrUrl : special
    let index = 0
    while (index < source.length) {
      next.lastIndex = index
      const match = next.exec(source)
      if (!match) break
      if (match[0].length === 1) {
        index = this.#step(match.index)
      } else {
        index = match.index + match[0].length
        urlRest.lastIndex = index
        urlRest.test(source)
        this.#urlEnd = urlRest.lastIndex
      }
    }
    if (this.#pieces.length === 0) return source
    this.#pieces.push(source.slice(this.#copied))
    return this.#pieces.join('')
  }

  #replace(at: number, length: number, value: string): void {
    this.#pieces.push(this.#source.slice(this.#copied, at), value)
    this.#copied = at + length
  }

  /** Handles the character at `index` (one of `special`); returns where the next step starts. */
  #step(index: number): number {
    const source = this.#source
    const character = source[index]
    switch (character) {
      case '`':
        return this.#codeSpanEnd(index)
      case '<':
        return this.#htmlEnd(index)
      case '\\': {
        const math = index >= this.#latexFrom && index >= this.#urlEnd ? this.#latex(index) : undefined
        if (math) {
          this.#replace(index, math.end - index, math.value)
          return math.end
        }
        return index + (asciiPunctuation.test(source[index + 1] ?? '') ? 2 : 1)
      }
      case '$': {
        let run = 1
        while (source[index + run] === '$') run++
        if (index < this.#urlEnd) return index + run
        const end = dollarMathEnd(source, index, run)
        if (end !== undefined) return end
        this.#replace(index, run, '\\$'.repeat(run))
        return index + run
      }
      case '[':
        // A `[` right after another, escaped or not, is escaped: no `[[` is left, even to a reader blind to escapes.
        if (source[index - 1] === '[') this.#replace(index, 0, '\\')
        return index + 1
      case '#':
        if (index >= this.#urlEnd && startsTag(source, index)) this.#replace(index, 0, '\\')
        return index + 1
      default:
        // `%` or `=`: escaped before another (`%%` even in a URL: a comment would hide the rest of the note).
        if (source[index + 1] === character && (character === '%' || index >= this.#urlEnd)) {
          this.#replace(index, 0, '\\')
        }
        return index + 1
    }
  }

  /** After the code span whose opening backticks are at `start`; after the backticks alone when none close them. */
  #codeSpanEnd(start: number): number {
    const source = this.#source
    let run = 1
    while (source[start + run] === '`') run++
    this.#backticks ??= backtickRuns(source)
    const closing = this.#backticks.get(run)
    if (closing) {
      while (closing.next < closing.at.length && (closing.at[closing.next] ?? 0) <= start) closing.next++
      const at = closing.at[closing.next]
      if (at !== undefined) return at + run
    }
    return start + run
  }

  /** After an HTML tag, comment or autolink at `start`; after the `<` alone when there is none. */
  #htmlEnd(start: number): number {
    const source = this.#source
    if (source.startsWith('<!--', start)) {
      const close = this.#noCommentClose ? -1 : source.indexOf('-->', start + 4)
      if (close !== -1) return close + 3
      this.#noCommentClose = true
      return start + 1
    }
    htmlOrAutolink.lastIndex = start
    return htmlOrAutolink.test(source) ? htmlOrAutolink.lastIndex : start + 1
  }

  /**
   * `\(...\)` as `$...$`, or `\[...\]` as `$$...$$` (see `obsidianMarkdown`),
   * for the backslash at `start`; `undefined` when it opens no math. A pair
   * that is not math is passed over whole: nothing inside it opens math.
   */
  #latex(start: number): {value: string; end: number} | undefined {
    const source = this.#source
    const opener = source[start + 1]
    if (opener === '(') {
      if (start < this.#noInlineCloseBefore) return undefined
      const close = closingDelimiter(source, start + 2, ')', true)
      if (close === -1) {
        const lineEnd = source.indexOf('\n', start)
        this.#noInlineCloseBefore = lineEnd === -1 ? source.length : lineEnd
        return undefined
      }
      const end = close + 2
      this.#latexFrom = end
      // `]\(` is an escaped parenthesis after link text, not math.
      if (source[start - 1] === ']' || /\d/.test(source[end] ?? '')) return undefined
      const content = source.slice(start + 2, close).trim()
      if (!plainMathContent(content) || content.endsWith('\\')) return undefined
      return {value: `$${content}$`, end}
    }
    if (opener !== '[' || this.#noDisplayClose) return undefined
    const close = closingDelimiter(source, start + 2, ']', false)
    if (close === -1) {
      this.#noDisplayClose = true
      return undefined
    }
    const end = close + 2
    this.#latexFrom = end
    const content = source.slice(start + 2, close)
    if (!plainMathContent(content)) return undefined
    if (!(ownLine(source, start, end) || mathSign.test(content))) return undefined
    return {value: `$$${content}$$`, end}
  }
}

/** Every backtick run of `source` (its longest runs), by length, in order. */
function backtickRuns(source: string): Map<number, {at: number[]; next: number}> {
  const runs = new Map<number, {at: number[]; next: number}>()
  for (let at = source.indexOf('`'); at !== -1; ) {
    let length = 1
    while (source[at + length] === '`') length++
    let list = runs.get(length)
    if (!list) {
      list = {at: [], next: 0}
      runs.set(length, list)
    }
    list.at.push(at)
    at = source.indexOf('`', at + length)
  }
  return runs
}

/** Whether the `#` at `index` starts an Obsidian tag: not inside a word or a URL, before a name not all digits. */
function startsTag(source: string, index: number): boolean {
  const before = source[index - 1]
  if (before !== undefined && beforeNoTag.test(before)) return false
  // `](#heading)`: a link to a heading.
  if (before === '(' && source[index - 2] === ']') return false
  let end = index + 1
  while (end < source.length && tagCharacter.test(source[end] ?? '')) end++
  return end > index + 1 && /\D/.test(source.slice(index + 1, end))
}

/**
 * The backslash of the next unescaped `\` + `closer` from `from` (`-1` when
 * there is none), within the line when `inLine`.
 */
function closingDelimiter(source: string, from: number, closer: string, inLine: boolean): number {
  for (let at = from; at < source.length - 1; at++) {
    const character = source[at]
    if (inLine && character === '\n') return -1
    if (character !== '\\') continue
    if (source[at + 1] === closer) return at
    if (asciiPunctuation.test(source[at + 1] ?? '')) at++
  }
  return -1
}

/**
 * Whether the display math from `start` to `end` has its lines to itself: only container markers before it,
 * nothing after.
 */
function ownLine(source: string, start: number, end: number): boolean {
  let lineStart = start
  while (lineStart > 0 && source[lineStart - 1] !== '\n') {
    if (!prefixCharacter.test(source[lineStart - 1] ?? '')) return false
    lineStart--
  }
  if (!linePrefix.test(source.slice(lineStart, start))) return false
  let after = end
  while (source[after] === ' ' || source[after] === '\t') after++
  return after === source.length || source[after] === '\n'
}

/**
 * Whether math content can stand between dollar signs as it is: not blank,
 * no `$` or backtick in it, and no `[[` or `%%` (a wikilink or a comment, if
 * Obsidian did not read the math as math).
 */
function plainMathContent(content: string): boolean {
  return /\S/.test(content) && !/(?:^|[^\\])\$|`|\[\[|%%/.test(content)
}

/**
 * After the dollar-sign math that a run of `run` signs at `start` opens,
 * which stays as written: `$$...$$` in the block, or `$...$` on one line,
 * opening before a non-space and closing after one, not before a digit.
 * `undefined` when the signs open no math (they are then escaped).
 */
function dollarMathEnd(source: string, start: number, run: number): number | undefined {
  if (run > 2) return undefined
  const close = nextDollar(source, start + run, run === 1)
  if (close === -1) return undefined
  let closeRun = 1
  while (source[close + closeRun] === '$') closeRun++
  if (closeRun !== run) return undefined
  const content = source.slice(start + run, close)
  if (!plainMathContent(content)) return undefined
  if (run === 1 && (/^\s|\s$/.test(content) || /\d/.test(source[close + 1] ?? ''))) return undefined
  return close + run
}

/** The next unescaped `$` from `from` (within the line when `inLine`); -1 when there is none. */
function nextDollar(source: string, from: number, inLine: boolean): number {
  for (let at = from; at < source.length; at++) {
    const character = source[at]
    if (character === '$') return at
    if (inLine && character === '\n') return -1
    if (character === '\\' && asciiPunctuation.test(source[at + 1] ?? '')) at++
  }
  return -1
}
