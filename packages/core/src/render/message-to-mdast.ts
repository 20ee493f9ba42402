import type {Nodes} from 'mdast'
import type {Flow} from './mdast-nodes.js'
import {closeHtmlBlock} from './contain-markdown.js'
import type {ResolvedRenderOptions} from './render-options.js'
import {requireModule} from './require-module.js'

/** The Markdown parser (micromark with GFM), which only `parseMessages` needs: loaded on first use. */
interface MessageParser {
  fromMarkdown: typeof import('mdast-util-from-markdown').fromMarkdown
  gfm: typeof import('micromark-extension-gfm').gfm
  gfmFromMarkdown: typeof import('mdast-util-gfm').gfmFromMarkdown
}

let messageParser: MessageParser | undefined

/** Imports the Markdown parser (with `import()`) ahead of `parseMessages`, so that rendering need not `require` it. */
export async function loadMessageParser(): Promise<void> {
  if (messageParser) return
  const [{fromMarkdown}, {gfm}, {gfmFromMarkdown}] = await Promise.all([
    import('mdast-util-from-markdown'),
    import('micromark-extension-gfm'),
    import('mdast-util-gfm')
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
 * with `parseMessages`, its headings pushed below `depth`.
 */
export function messageToMdast(text: string, depth: number, options: ResolvedRenderOptions): Flow[] {
  if (!/\S/.test(text)) return []
  const verbatim: Flow[] = [{type: 'chatmarkMessage', value: text, depth}]
  if (!options.parseMessages || quoteDepth(text) > maxParsedQuoteDepth) return verbatim
  const {fromMarkdown, gfm, gfmFromMarkdown} = getMessageParser()
  let tree: Nodes
  try {
    tree = fromMarkdown(text, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]})
  } catch (error) {
    // The parser recurses per level of nesting: 50,000 nested block quotes overflow its stack. Such a
    // message is kept as written (contained like any verbatim message), and the rest of the note is parsed.
    if (error instanceof RangeError) return verbatim
    throw error
  }
  contain(tree, depth)
  // The top level of a parsed message is flow content (no frontmatter extension is used).
  return (tree as {children: Flow[]}).children
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
// terminator closed (a code fence is re-printed closed by its handler).
// A loop over a stack, not recursion: a message's nesting is as deep as its author made it.
function contain(root: Nodes, depth: number): void {
  const stack: Nodes[] = [root]
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'heading') node.depth = Math.min(6, node.depth + depth) as 1 | 2 | 3 | 4 | 5 | 6
    if (node.type === 'html') node.value = closeHtmlBlock(node.value)
    if ('children' in node) for (const child of node.children) stack.push(child)
  }
}
