import type {Nodes} from 'mdast'
import type {Flow} from './mdast-nodes.js'
import {loadBlockParser, parseBlocks} from './block-parser.js'
import {closeHtmlBlock} from './contain-markdown.js'
import type {RemoteContent, ResolvedRenderOptions} from './render-options.js'
import {requireModule} from './require-module.js'

/** The Markdown parser (micromark with GFM), which only `parseMessages` needs: loaded on first use. */
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

function getMessageParser(): MessageParser {
  messageParser ??= {
    fromMarkdown: (requireModule('mdast-util-from-markdown') as typeof import('mdast-util-from-markdown')).fromMarkdown,
    gfm: (requireModule('micromark-extension-gfm') as typeof import('micromark-extension-gfm')).gfm,
    gfmFromMarkdown: (requireModule('mdast-util-gfm') as typeof import('mdast-util-gfm')).gfmFromMarkdown
  }
  return messageParser
}

/**
 * Message text in a section at heading `depth`: verbatim by default (a
 * `chatmarkMessage` node, contained when serialised), or parsed into mdast
 * with `parseMessages`, its headings pushed below `depth`. Positions are in
 * the message's text.
 */
export function messageToMdast(text: string, depth: number, options: ResolvedRenderOptions): Flow[] {
  if (!/\S/.test(text)) return []
  const verbatim: Flow[] = [{type: 'chatmarkMessage', value: text, depth, ...remoteField(options.remoteContent)}]
  if (!options.parseMessages || quoteDepth(text) > maxParsedQuoteDepth) return verbatim
  const {fromMarkdown, gfm, gfmFromMarkdown} = getMessageParser()
  const parseOptions = {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]}
  // The top level of a parsed message is flow content (no frontmatter extension is used).
  const children: Flow[] = []
  try {
    const pieces = messagePieces(text)
    for (let index = 0; index < pieces.length; index++) {
      let piece = pieces[index] as Piece
      const source = text.slice(piece.offset, piece.end)
      let tree = fromMarkdown(source, parseOptions)
      // A block micromark still holds open at the end of a piece (a fence or HTML block markdown-it read as
      // closed) would go on in the next: the rest of the message is parsed whole instead.
      const end = tree.children.at(-1)?.position?.end.offset ?? 0
      if (index < pieces.length - 1 && end > source.trimEnd().length) {
        piece = {...piece, end: text.length}
        tree = fromMarkdown(text.slice(piece.offset), parseOptions)
        index = pieces.length
      }
      contain(tree, depth, piece, options.remoteContent)
      // A loop, not `push(...)`: a message of 200,000 paragraphs is too many arguments.
      for (const child of (tree as {children: Flow[]}).children) children.push(child)
    }
  } catch (error) {
    // The parser recurses per level of nesting: 50,000 nested block quotes overflow its stack. Such a
    // message is kept as written (contained like any verbatim message), and the rest of the note is parsed.
    if (error instanceof RangeError) return verbatim
    throw error
  }
  return children
}

/** `ChatmarkMessage.remoteContent`, set only when it is not the default (`link`): trees stay as they were. */
export function remoteField(remoteContent: RemoteContent): {remoteContent?: RemoteContent} {
  return remoteContent === 'link' ? {} : {remoteContent}
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

/**
 * The deepest block-quote nesting of a message that `parseMessages` parses; a
 * deeper message is kept as written (and contained). Parser and serialiser both
 * recurse per level: 5,000 nested quotes (10 KB) overflowed the stack, 50,000 took minutes.
 */
export const maxParsedQuoteDepth = 100

/** The most `>` markers that open one line of a text (spaces between them allowed): its block-quote nesting. */
function quoteDepth(text: string): number {
  let deepest = 0
  let depth = 0
  let lineStart = true
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === 10 || code === 13) {
      lineStart = true
      depth = 0
    } else if (lineStart && code === 62) {
      depth++
      if (depth > deepest) deepest = depth
    } else if (code !== 32 && code !== 9) lineStart = false
  }
  return deepest
}

// The parsed tree is re-printed, so it gets the same containment as verbatim
// text: headings below the section, HTML blocks that only end at their own
// terminator closed (a code fence is re-printed closed by its handler), line
// endings `\n` (a bare `\r` kept in a code block's value ended a line in the
// note without the `> ` of the block quote that holds it). Positions move from
// the piece to the message. A loop over a stack, not recursion: a message's
// nesting is as deep as its author made it.
function contain(root: Nodes, depth: number, piece: Piece, remoteContent: RemoteContent): void {
  const stack: Nodes[] = [root]
  for (let node = stack.pop(); node; node = stack.pop()) {
    // Images and raw HTML say what Markdown does with them (see `remote-content-handlers.ts`).
    if (node.type === 'image' || node.type === 'imageReference' || node.type === 'html')
      node.data = {...node.data, chatmarkRemoteContent: remoteContent}
    if (node.type === 'heading') node.depth = Math.min(6, node.depth + depth) as 1 | 2 | 3 | 4 | 5 | 6
    if ('value' in node && node.value.includes('\r')) node.value = node.value.replace(/\r\n?/g, '\n')
    if (node.type === 'html') node.value = closeHtmlBlock(node.value)
    const position = node.position
    if (position && piece.offset > 0) {
      for (const point of [position.start, position.end]) {
        point.line += piece.line
        if (point.offset !== undefined) point.offset += piece.offset
      }
    }
    if ('children' in node) for (const child of node.children) stack.push(child)
  }
}
