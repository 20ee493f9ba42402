import type MarkdownIt from 'markdown-it'
import {requireModule} from './require-module.js'

/** A block token of markdown-it: its type, markup, lines (`map`, end excluded) and nesting level. */
export interface Block {
  type: string
  tag: string
  markup: string
  map: [number, number] | null
  /** 1 opens a container, -1 closes it, 0 is a block of its own. */
  nesting: number
  level: number
  content: string
}

/**
 * The block parser (markdown-it, block rules only) of containment, the Obsidian pass and the parsing of
 * long messages in pieces, created on first use: text that needs no block structure never loads markdown-it.
 */
let blockParser: MarkdownIt | undefined

// Only CommonMark's block structure is wanted, so inline parsing is switched
// off: markdown-it's block pass is fast (tens of MB/s), where a full micromark
// parse runs at 1-2 MB/s. Line endings are normalised before parsing, so its
// own normalise pass is off too.
function createBlockParser(Parser: typeof MarkdownIt): MarkdownIt {
  const parser = new Parser('commonmark', {html: true})
  parser.core.ruler.disable(['normalize', 'inline', 'text_join'])
  return parser
}

/** Imports markdown-it ahead of {@link parseBlocks} (with `import()`), so that rendering need not `require` it. */
export async function loadBlockParser(): Promise<void> {
  if (blockParser) return
  const {default: Parser} = await import('markdown-it')
  blockParser ??= createBlockParser(Parser)
}

/** The blocks of `text` (line endings already `\n`), in document order. */
export function parseBlocks(text: string): Block[] {
  blockParser ??= createBlockParser(requireModule('markdown-it') as typeof MarkdownIt)
  return blockParser.parse(text, {}) as Block[]
}
