import {setextUnderlineLine} from './contain-simple.js'

/**
 * How much Markdown one parse (micromark, for `parseMessages` and HTML pages)
 * takes on. micromark does work per construct that grows with what came before
 * it: every emphasis, strikethrough or bracket walks back over its paragraph, and
 * every setext heading, and every line that closes a block quote or a nested list,
 * copies the events of the whole document. Text within these counts parses in
 * time linear in its length (BENCHMARKS.md, "Parse budget"); text beyond them
 * is shown as written.
 */
export interface ParseBudget {
  /** Emphasis, strikethrough, bracket, backtick and `<` characters in one paragraph. */
  readonly paragraphMarks: number
  /** A paragraph's marks, squared, at most this many times its length (plus {@link ParseBudget.squareFree}). */
  readonly squarePerChar: number
  readonly squareFree: number
  /** Lines that close blocks (a setext underline, a line that ends a quote or a nested list) in one parse. */
  readonly restructures: number
  /** Those lines times the length of the text parsed with them. */
  readonly restructureWork: number
  /** Link and footnote definitions in one parse (each reference is looked up among them all). */
  readonly definitions: number
  /** Block quotes and list items open at once, as counted by {@link parseCost}. */
  readonly nesting: number
}

/** The budget of one parse. */
export const parseBudget: ParseBudget = Object.freeze({
  paragraphMarks: 512,
  squarePerChar: 16,
  squareFree: 4096,
  restructures: 256,
  restructureWork: 8 * 1024 * 1024,
  definitions: 512,
  nesting: 64
})

/** What {@link parseCost} counts in a text. */
export interface ParseCost {
  /** The most marks in one paragraph (a run of lines no blank line or new block divides). */
  paragraphMarks: number
  /** The most by which a paragraph's marks, squared, exceed what its length allows. */
  squareExcess: number
  restructures: number
  definitions: number
  /** The deepest nesting of a line, over-counted: each `>` and list marker, and each two columns of indentation. */
  nesting: number
}

/** Emphasis and strikethrough (`*`, `_`, `~`), brackets, backticks and `<`. */
function isMark(code: number): boolean {
  return code === 42 || code === 95 || code === 126 || code === 91 || code === 93 || code === 96 || code === 60
}

const containerPrefix = /^(?:[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))*[ \t]*/
/** A line that starts a new paragraph wherever it is: a list item with content, an ATX heading, a rule. */
const paragraphStart = /^ {0,3}(?:[-+*][ \t]+\S|1[.)][ \t]+\S|#{1,6}(?:[ \t]|$)|([-*_])(?:[ \t]*\1){2,}[ \t]*$)/
const fenceLine = /^ {0,3}(`{3,}|~{3,})(.*)$/
/** A line that may begin an HTML block, which would hold a later fence line as its own text. */
const htmlStart = /^[ \t>*+\-\d.)]*</
const blank = /^[ \t]*$/

/**
 * Counts the work micromark would do on `text` (see {@link ParseBudget}), in
 * one pass over its lines. Every count is an upper bound: a region is a run of
 * lines that no blank line or block start divides, which may be several of
 * micromark's paragraphs but never less than one; only fenced code whose fences
 * no reading can take otherwise (at a line's start, outside any HTML) is left
 * out of it.
 */
export function parseCost(text: string): ParseCost {
  const scan = new CostScan()
  let start = 0
  while (start <= text.length) {
    let end = start
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++
    scan.line(text.slice(start, end))
    start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1)
  }
  return scan.done()
}

/** The reason `text` exceeds {@link parseBudget}, in words; `undefined` when it parses within it. */
export function overParseBudget(text: string): string | undefined {
  const cost = parseCost(text)
  const budget = parseBudget
  if (cost.nesting > budget.nesting)
    return `its blocks nest too deep (${whole(cost.nesting)} levels on one line, at most ${budget.nesting})`
  if (cost.paragraphMarks > budget.paragraphMarks || cost.squareExcess > 0)
    return `a paragraph holds ${whole(cost.paragraphMarks)} emphasis, link and code marks`
  if (cost.restructures > budget.restructures || cost.restructures * text.length > budget.restructureWork)
    return `${whole(cost.restructures)} lines end headings, quotes or nested lists`
  if (cost.definitions > budget.definitions)
    return `it defines ${whole(cost.definitions)} links (at most ${budget.definitions})`
  return undefined
}

function whole(count: number): string {
  return Math.ceil(count).toLocaleString('en-US')
}

/** The state of {@link parseCost}'s pass: the region so far, the fence it is in, the counts. */
class CostScan {
  readonly #cost: ParseCost = {paragraphMarks: 0, squareExcess: 0, restructures: 0, definitions: 0, nesting: 0}
  #marks = 0
  #chars = 0
  /** The fence a sure fenced code block opened with, while in it. */
  #fence: string | undefined
  /** Whether fences are still read as sure: no HTML block, or fence line taken otherwise, may be open. */
  #sureFences = true
  #previousBlank = true
  #previousPipe = false
  #previousNesting = 0

  line(line: string): void {
    if (this.#fence !== undefined) {
      this.#inFence(line)
      return
    }
    if (blank.test(line)) {
      this.#endRegion()
      this.#previousBlank = true
      return
    }
    const nesting = nestingOf(line)
    const cost = this.#cost
    if (nesting > cost.nesting) cost.nesting = nesting
    // A line that closes blocks: under a shallower line, or an item after a nested one (see `ParseBudget`).
    if (
      nesting < this.#previousNesting ||
      (this.#previousNesting >= 2 && /[-+*.)]/.test(containerPrefix.exec(line)?.[0] ?? ''))
    )
      cost.restructures++
    else if (!this.#previousBlank && setextUnderlineLine.test(line)) cost.restructures++
    if (this.#opensFence(line)) {
      this.#previousNesting = 0
      return
    }
    if (paragraphStart.test(line)) this.#endRegion()
    for (let at = 0; at < line.length; at++) {
      const code = line.charCodeAt(at)
      if (isMark(code)) this.#marks++
      else if (code === 58 && line.charCodeAt(at - 1) === 93) cost.definitions++
    }
    this.#chars += line.length + 1
    this.#previousBlank = false
    this.#previousPipe = line.includes('|')
    this.#previousNesting = nesting
  }

  done(): ParseCost {
    this.#endRegion()
    return this.#cost
  }

  #endRegion(): void {
    const cost = this.#cost
    if (this.#marks > cost.paragraphMarks) cost.paragraphMarks = this.#marks
    const excess = this.#marks * this.#marks - parseBudget.squarePerChar * this.#chars - parseBudget.squareFree
    if (excess > cost.squareExcess) cost.squareExcess = excess
    this.#marks = 0
    this.#chars = 0
  }

  #inFence(line: string): void {
    const close = /^ {0,3}(`+|~+)[ \t]*$/.exec(line)?.[1]
    const fence = this.#fence ?? ''
    if (close !== undefined && close[0] === fence[0] && close.length >= fence.length) this.#fence = undefined
    this.#previousBlank = false
    this.#previousPipe = false
    this.#previousNesting = 0
  }

  /**
   * Opens a fenced code block whose content no reading parses: a fence at the
   * line's very start (no container can hold it) after a line no table or HTML
   * block can hold it in. A fence line read any other way, or a line that may
   * begin an HTML block, ends such reading for the rest of the text.
   */
  #opensFence(line: string): boolean {
    if (htmlStart.test(line)) this.#sureFences = false
    const match = fenceLine.exec(line)
    if (!match) return false
    const [, fence = '', info = ''] = match
    // A backtick fence's info string has no backtick: such a line is paragraph text.
    if (fence.startsWith('`') && info.includes('`')) return false
    if (!this.#sureFences || line.startsWith(' ') || this.#previousPipe) {
      this.#sureFences = false
      return false
    }
    this.#endRegion()
    this.#fence = fence
    return true
  }
}

/** Block quotes and list items a line's prefix may open or continue, and two columns of indentation for each. */
function nestingOf(line: string): number {
  const prefix = containerPrefix.exec(line)?.[0] ?? ''
  let nesting = 0
  let columns = 0
  for (let at = 0; at < prefix.length; at++) {
    const code = prefix.charCodeAt(at)
    if (code === 32) columns++
    else if (code === 9) columns += 4
    // `>`, a bullet, or the `.` or `)` that ends an item's number.
    else if (code === 62 || code === 45 || code === 43 || code === 42 || code === 46 || code === 41) nesting++
  }
  return nesting + columns / 2
}
