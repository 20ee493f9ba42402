import type {Block} from './block-parser.js'
import {parseBlocks} from './block-parser.js'
import {htmlLoadsAnything, inlineHtmlAt, mentionsLoading} from './loading-html.js'

/** Whether {@link withoutRemoteContent} could change `text`; when not, it needs no block parser. */
export function needsRemotePass(text: string): boolean {
  return text.includes('![') || mentionsLoading(text)
}

/**
 * The rest of an inline image (after its `(`) that keeps it an image: a destination in the note's own folder
 * (`chart.png`, `./a/b.png`) or `data:`, an optional title, `)`. No scheme, no `//` host, no `/` root, and no escape
 * or entity that could spell one (`https&#58;//`, `https:\/\/`). Anything else is made a link, even what is no
 * inline image at all: `![r](` not closed as one is `![r]`, an image by reference when the note defines `r`.
 */
const localImageRest = new RegExp(
  [
    String.raw`^[ \t]*\n?[ \t]*`,
    String.raw`(?:<(?:data:[^<>\n\\]*|(?![/\\])[^<>\n:&\\]*)>|data:[^\s()<>\\]*|(?![/\\<])[^\s:&\\<>()]*)`,
    String.raw`(?:[ \t]*\n?[ \t]*(?:"[^"\\]*"|'[^'\\]*'|\([^()\\]*\)))?`,
    String.raw`[ \t]*\n?[ \t]*\)`
  ].join(''),
  'i'
)
/** The rest of an inline image or link of any destination, roughly: what it ends is no reference. */
const inlineRest =
  /^[ \t]*\n?[ \t]*(?:<[^<>\n]*>|[^\s<>]+)?(?:[ \t]*\n?[ \t]*(?:"[^"]*"|'[^']*'|\([^()]*\)))?[ \t]*\n?[ \t]*\)/

/**
 * Message text (Markdown source) with nothing left that a viewer fetches or
 * runs as the note is opened, and otherwise as written:
 * - an image whose file is not beside the note (`![alt](https://...)`) becomes
 *   a link to it, `[Image: alt](https://...)`, its address kept; an image by
 *   reference (`![alt][ref]`, `![ref]`: the definition could be anywhere in
 *   the note) becomes a link by the same reference;
 * - raw HTML that loads or runs something (`<img>`, `<iframe>`, `<script>`,
 *   `<video>`, an `onerror` or a `style` with `url(`: see `inlineHtmlAt`)
 *   reads as text: an HTML block that holds any becomes a fenced code block
 *   of its lines (`html`), or, in a block quote or list item, has every tag
 *   escaped (`&lt;iframe ...>`); inline, the tag is escaped.
 * Code (fenced, indented, code spans) is never changed. Line endings become
 * `\n`; the lines stay as they are, so containment, which runs after, sees
 * (and settles) whatever block the text now makes.
 */
export function withoutRemoteContent(text: string): string {
  if (!needsRemotePass(text)) return text
  let source = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text
  // An HTML block whose tags are escaped is HTML no more: its lines are read again, as paragraphs now (their
  // images are images now). No line of it can start an HTML block again, so a second pass settles it.
  for (let pass = 0; pass < maxPasses; pass++) {
    const lines = source.split('\n')
    const blocks = parseBlocks(source)
    const escaped = rewriteBlocks(lines, blocks, 'html_block')
    if (escaped && pass < maxPasses - 1) {
      source = lines.join('\n')
      continue
    }
    rewriteBlocks(lines, blocks, 'inline')
    return lines.join('\n')
  }
  return source
}

/** Passes of {@link withoutRemoteContent}: one, and one more after escaping HTML blocks (a third, to be sure). */
const maxPasses = 3

/**
 * Rewrites in `lines` the blocks of one `type` (HTML blocks, or the inline
 * content of paragraphs and headings) that hold something live; whether any did.
 */
function rewriteBlocks(lines: string[], blocks: readonly Block[], type: 'html_block' | 'inline'): boolean {
  let changed = false
  const afterDefinition = type === 'inline' ? definitionFollowers(lines, blocks) : new Set<Block>()
  for (const block of blocks) {
    if ((block.type !== type && !afterDefinition.has(block)) || !block.map) continue
    const [start, end] = block.map
    const source = lines.slice(start, end).join('\n')
    if (!needsRemotePass(source)) continue
    if (type === 'html_block' && block.level === 0 && htmlLoadsAnything(source)) {
      fence(lines, start, end)
      changed = true
      continue
    }
    const rewritten = type === 'html_block' ? escapedTags(source) : new InlineScan(source).rewrite()
    if (rewritten === source) continue
    changed = true
    const rewrittenLines = rewritten.split('\n')
    for (let index = 0; index < rewrittenLines.length; index++) lines[start + index] = rewrittenLines[index] ?? ''
  }
  return changed
}

/**
 * Indented code right after a link reference definition: markdown-it ends the
 * definition's paragraph there, but micromark (and CommonMark's reference
 * implementation) read the lines on as the paragraph's, inline content. A
 * definition makes no block token: it is a line no token covers.
 */
function definitionFollowers(lines: readonly string[], blocks: readonly Block[]): Set<Block> {
  const covered = new Uint8Array(lines.length)
  for (const block of blocks) if (block.map) covered.fill(1, block.map[0], block.map[1])
  const followers = new Set<Block>()
  for (const block of blocks) {
    const start = block.map?.[0] ?? 0
    if (block.type === 'code_block' && start > 0 && covered[start - 1] === 0 && /\S/.test(lines[start - 1] ?? ''))
      followers.add(block)
  }
  return followers
}

/**
 * Makes lines `start` to `end` (a top-level HTML block) a fenced code block of
 * them, as written: it reads as the text it is, and ends where the HTML block
 * did, so what follows reads as before. The fences go on the block's first and
 * last lines, after and before a line break: the other blocks' lines keep their numbers.
 */
function fence(lines: string[], start: number, end: number): void {
  const block = lines.slice(start, end).join('\n')
  let longest = 0
  for (const run of block.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  const marker = '`'.repeat(Math.max(3, longest + 1))
  lines[start] = `${marker}html\n${lines[start] ?? ''}`
  lines[end - 1] = `${lines[end - 1] ?? ''}\n${marker}`
}

/** An HTML block (its lines as written): every tag escaped when any loads or runs something, else as it is. */
function escapedTags(source: string): string {
  return htmlLoadsAnything(source) ? source.replace(/<(?=[A-Za-z/!?])/g, '&lt;') : source
}

/** One change to the source: `length` characters at `at` become `text`. */
interface Edit {
  at: number
  length: number
  text: string
}

/**
 * One block's inline content (a paragraph or a heading: its lines as
 * written, container markers included), scanned left to right once: code
 * spans and escaped characters are passed, images and loading tags edited.
 */
class InlineScan {
  readonly #source: string
  /** Whether the character at an index is escaped by a backslash. */
  readonly #escaped: Uint8Array
  /** The ends of code spans, by their start. */
  readonly #codeSpans = new Map<number, number>()
  /** The `]` that closes each `[`, brackets in code spans and escaped ones left out. */
  readonly #closing = new Map<number, number>()
  readonly #edits: Edit[] = []

  constructor(source: string) {
    this.#source = source
    this.#escaped = new Uint8Array(source.length)
    for (let at = 1; at < source.length; at++) {
      if (source[at - 1] === '\\' && this.#escaped[at - 1] === 0) this.#escaped[at] = 1
    }
    this.#findCodeSpans()
    this.#matchBrackets()
  }

  rewrite(): string {
    const source = this.#source
    for (let at = 0; at < source.length; at++) {
      const end = this.#codeSpans.get(at)
      if (end !== undefined) {
        at = end - 1
        continue
      }
      const character = source[at]
      // An escaped `<` that starts a loading tag is written `&lt;`, the same text: a backslash may not escape it in
      // every reader (GFM's literal autolinks take one that ends an address: `https://x.example\<img ...>`).
      if (character === '<' && this.#escaped[at] === 1) {
        if (inlineHtmlAt(source, at)?.loads) this.#edits.push({at: at - 1, length: 2, text: '&lt;'})
        continue
      }
      if (this.#escaped[at] === 1) continue
      if (character === '<') {
        // A tag or an autolink is passed whole: what its attributes or address hold is not Markdown.
        const html = inlineHtmlAt(source, at)
        if (html?.loads) this.#edits.push({at, length: 1, text: '&lt;'})
        if (html) at += html.length - 1
      } else if (character === '!' && source[at + 1] === '[') this.#image(at)
    }
    return this.#applied()
  }

  /**
   * CommonMark's code spans: a run of backticks opens one that the next run
   * of the same length closes; a run no such run follows is text. Each run
   * list is passed once, so this is linear.
   */
  #findCodeSpans(): void {
    const source = this.#source
    const runs = new Map<number, {at: number[]; next: number}>()
    const found: [number, number][] = []
    for (let at = 0; at < source.length; ) {
      if (source[at] !== '`') {
        at++
        continue
      }
      let end = at
      while (source[end] === '`') end++
      // A backslash before a run escapes its first backtick only.
      const start = this.#escaped[at] === 1 ? at + 1 : at
      if (end > start) {
        const length = end - start
        const list = runs.get(length) ?? {at: [], next: 0}
        list.at.push(start)
        runs.set(length, list)
        found.push([start, length])
      }
      at = end
    }
    let passed = 0
    for (const [start, length] of found) {
      if (start < passed) continue
      const list = runs.get(length)
      if (!list) continue
      while (list.next < list.at.length && (list.at[list.next] ?? 0) <= start) list.next++
      const close = list.at[list.next]
      if (close === undefined) continue
      list.next++
      passed = close + length
      this.#codeSpans.set(start, passed)
    }
  }

  /** Pairs brackets outside code spans with a stack, in one pass. */
  #matchBrackets(): void {
    const source = this.#source
    const open: number[] = []
    for (let at = 0; at < source.length; at++) {
      const end = this.#codeSpans.get(at)
      if (end !== undefined) {
        at = end - 1
        continue
      }
      if (this.#escaped[at] === 1) continue
      if (source[at] === '[') open.push(at)
      else if (source[at] === ']') {
        const start = open.pop()
        if (start !== undefined) this.#closing.set(start, at)
      }
    }
  }

  /** `![` at `at`: an image kept when its file is beside the note, else made a link (see `withoutRemoteContent`). */
  #image(at: number): void {
    const source = this.#source
    const close = this.#closing.get(at + 1)
    if (close === undefined) return
    const label = source.slice(at + 2, close)
    const after = source[close + 1]
    const rest = after === '(' ? source.slice(close + 2, close + 2 + 1024) : ''
    if (after === '(' && localImageRest.test(rest)) return
    // By reference: `![ref][]` and `![ref]` look `ref` up, `![text][ref]` names it. A label holds no bracket but an
    // escaped one (Obsidian's `![[file]]` is no image to CommonMark) and at most 999 characters.
    const collapsed = after === '[' && source[close + 2] === ']'
    const reference = !(after === '(' && inlineRest.test(rest)) && (after !== '[' || collapsed)
    const label999 = close - at <= 1001 && !label.includes('\n') && !this.#hasBracket(at + 2, close)
    if (reference && after !== '(' && !label999) return
    // `!![x](u)`: the first `!` (outside code, as this one is) would make an image of the link; it is escaped.
    if (source[at - 1] === '!' && this.#escaped[at - 1] === 0) this.#edits.push({at: at - 1, length: 1, text: '\\!'})
    this.#edits.push({at, length: 2, text: label.trim() === '' ? '[Image' : '[Image: '})
    if (!reference || !label999) return
    // The link must name the label, having another text.
    if (collapsed) this.#edits.push({at: close + 2, length: 0, text: label})
    else if (after !== '[') this.#edits.push({at: close + 1, length: 0, text: `[${label}]`})
  }

  /** Whether an unescaped bracket is between `from` and `to`. */
  #hasBracket(from: number, to: number): boolean {
    const source = this.#source
    for (let at = from; at < to; at++) {
      if ((source[at] === '[' || source[at] === ']') && this.#escaped[at] === 0) return true
    }
    return false
  }

  #applied(): string {
    if (this.#edits.length === 0) return this.#source
    const pieces: string[] = []
    let copied = 0
    // An image's reference is edited after its label, which may hold a tag: in order of place (a stable sort).
    for (const {at, length, text} of this.#edits.sort((a, b) => a.at - b.at)) {
      pieces.push(this.#source.slice(copied, at), text)
      copied = at + length
    }
    pieces.push(this.#source.slice(copied))
    return pieces.join('')
  }
}
