import type {Nodes, Root} from 'mdast'
import type {Flow} from './mdast-nodes.js'
import {loadBlockParser, parseBlocks} from './block-parser.js'
import {overParseBudget} from './parse-budget.js'
import {requireModule} from './require-module.js'

/** The Markdown parser (micromark with GFM), which only `parseMessages` and HTML pages need: loaded on first use. */
interface MessageParser {
  fromMarkdown: typeof import('mdast-util-from-markdown').fromMarkdown
  gfm: typeof import('micromark-extension-gfm').gfm
  gfmFromMarkdown: typeof import('mdast-util-gfm').gfmFromMarkdown
}

let messageParser: MessageParser | undefined

/**
 * Imports the Markdown parser (with `import()`) ahead of `parseMessages`, so that rendering need not `require` it,
 * and the block parser that cuts a long message into pieces (see `messagePieces`).
 */
export async function loadMessageParser(): Promise<void> {
  if (messageParser) return
  const [{fromMarkdown}, {gfm}, {gfmFromMarkdown}] = await Promise.all([
    import('mdast-util-from-markdown'),
    import('micromark-extension-gfm'),
    import('mdast-util-gfm'),
    loadBlockParser()
  ])
  messageParser ??= {fromMarkdown, gfm, gfmFromMarkdown}
}

/** The parser's options, made once: building the extensions per message was a tenth of a long session's time. */
let parseOptions: import('mdast-util-from-markdown').Options | undefined

function getMessageParser(): MessageParser {
  messageParser ??= {
    fromMarkdown: (requireModule('mdast-util-from-markdown') as typeof import('mdast-util-from-markdown')).fromMarkdown,
    gfm: (requireModule('micromark-extension-gfm') as typeof import('micromark-extension-gfm')).gfm,
    gfmFromMarkdown: (requireModule('mdast-util-gfm') as typeof import('mdast-util-gfm')).gfmFromMarkdown
  }
  return messageParser
}

/** Message text parsed (see {@link parseMessage}), or the reason it was not. */
export type ParsedMessage = {nodes: Flow[]} | {refused: string}

/**
 * The deepest tree a parsed message may be (nodes inside nodes): the tree's
 * serialisers (mdast-util-to-hast, hast-util-to-html, mdast-util-to-markdown)
 * recurse per level. The parse budget already bounds it (block nesting, and
 * emphasis or links inside each other need marks); this is the check.
 */
export const maxParsedDepth = 400

/**
 * Message text (Markdown source) parsed with micromark and GFM, for
 * `parseMessages` and for HTML pages: in pieces when it is long (see
 * `messagePieces`), each within the parse budget (see `overParseBudget`), so
 * that no message costs more than time linear in its length. Positions are in
 * the message's text. Text over the budget, or nested deeper than
 * {@link maxParsedDepth}, is not parsed: the reason is returned in words, and
 * the caller shows the text as written.
 */
export function parseMessage(text: string): ParsedMessage {
  const pieces = messagePieces(text)
  for (const piece of pieces) {
    const refused = overParseBudget(text.slice(piece.offset, piece.end))
    if (refused !== undefined) return {refused}
  }
  const {fromMarkdown, gfm, gfmFromMarkdown} = getMessageParser()
  parseOptions ??= {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]}
  const options = parseOptions
  // The top level of a parsed message is flow content (no frontmatter extension is used).
  const nodes: Flow[] = []
  try {
    for (let index = 0; index < pieces.length; index++) {
      let piece = pieces[index] as Piece
      const source = text.slice(piece.offset, piece.end)
      let tree = fromMarkdown(source, options)
      // A block micromark still holds open at the end of a piece (a fence or HTML block markdown-it read as
      // closed) would go on in the next: the rest of the message is parsed whole instead.
      const end = tree.children.at(-1)?.position?.end.offset ?? 0
      if (index < pieces.length - 1 && end > source.trimEnd().length) {
        piece = {...piece, end: text.length}
        const rest = text.slice(piece.offset)
        const refused = overParseBudget(rest)
        if (refused !== undefined) return {refused}
        tree = fromMarkdown(rest, options)
        index = pieces.length
      }
      if (!settle(tree, piece)) return {refused: `it nests deeper than ${maxParsedDepth} levels`}
      // A loop, not `push(...)`: a message of 200,000 paragraphs is too many arguments.
      for (const child of (tree as {children: Flow[]}).children) nodes.push(child)
    }
  } catch (error) {
    // The parser recurses per level of nesting, which the budget bounds; should it still overflow its stack,
    // the message is kept as written, and the rest of the note is parsed.
    if (error instanceof RangeError) return {refused: 'it nests too deep to parse'}
    throw error
  }
  return {nodes}
}

/** What a note or page says above a message that is shown as written (see {@link parseMessage}). */
export function notParsedText(reason: string): string {
  return `This message is shown as written, not parsed: ${reason}.`
}

/**
 * Moves a piece's positions to the message's, and says whether the tree is
 * within {@link maxParsedDepth}. A loop over a stack, not recursion: a
 * message's nesting is as deep as its author made it.
 */
function settle(root: Root, piece: Piece): boolean {
  const stack: Array<[Nodes, number]> = [[root, 0]]
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [node, depth] = entry
    if (depth > maxParsedDepth) return false
    const position = node.position
    if (position && piece.offset > 0) {
      for (const point of [position.start, position.end]) {
        point.line += piece.line
        if (point.offset !== undefined) point.offset += piece.offset
      }
    }
    if ('children' in node) for (const child of node.children) stack.push([child, depth + 1])
  }
  return true
}

/** A piece of a message parsed on its own: from `offset` (the start of line `line`, 0-based) to `end`. */
interface Piece {
  offset: number
  end: number
  line: number
}

/** About how many characters of a message are parsed at a time (see {@link messagePieces}). */
export const messagePieceChars = 4096

/**
 * Top-level blocks a piece may end after and (but for a rule) start with. The
 * parsers read some others differently from how they read them alone: after
 * indented code, or an empty list item, micromark reads the next block as if it
 * interrupted a paragraph or split an indented code block in two.
 */
const simple: ReadonlySet<string> = new Set(['paragraph_open', 'heading_open', 'hr'])

/**
 * A message cut into pieces of about {@link messagePieceChars} that parse on
 * their own as they do in the whole. micromark keeps every event of a document
 * (each with its tokenizer) until the document's end: a message of 200,000 short
 * paragraphs held 2.6 GB, and its time went to the garbage collector (40 s on a
 * 2 GB heap, where 20,000 paragraphs took 2 s). In pieces its memory is that of
 * the tree. A piece ends where markdown-it starts a top-level paragraph or
 * heading after a blank line and a paragraph, heading or rule, which nothing
 * continues; a message that may hold a link, footnote or other definition
 * (`]:`), which any piece could use, is parsed whole.
 */
function messagePieces(text: string): Piece[] {
  const whole = [{offset: 0, end: text.length, line: 0}]
  if (text.length <= messagePieceChars * 2 || text.includes(']:')) return whole
  // Offsets at which lines start: `\r\n`, `\r` and `\n` end a line to both parsers.
  const starts = [0]
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === 10 || (code === 13 && text.charCodeAt(at + 1) !== 10)) starts.push(at + 1)
  }
  const normal = text.replace(/\r\n?/g, '\n')
  const blank = (line: number): boolean => {
    const from = starts[line] ?? 0
    for (let at = from; at < (starts[line + 1] ?? text.length); at++) {
      const code = text.charCodeAt(at)
      if (code !== 32 && code !== 9 && code !== 10 && code !== 13) return false
    }
    return true
  }
  const pieces: Piece[] = []
  let piece = whole[0] as Piece
  let previous = ''
  for (const token of parseBlocks(normal)) {
    const line = token.map?.[0]
    if (token.level !== 0 || token.nesting === -1 || line === undefined) continue
    const after = previous
    previous = token.type
    const offset = starts[line] ?? text.length
    if (offset - piece.offset < messagePieceChars || !simple.has(after) || !simple.has(token.type)) continue
    if (token.type === 'hr' || !blank(line - 1)) continue
    pieces.push({...piece, end: offset})
    piece = {offset, end: text.length, line}
  }
  pieces.push(piece)
  return pieces
}
