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
  if (!options.parseMessages) return [{type: 'chatmarkMessage', value: text, depth}]
  const {fromMarkdown, gfm, gfmFromMarkdown} = getMessageParser()
  const tree = fromMarkdown(text, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]})
  contain(tree, depth)
  // The top level of a parsed message is flow content (no frontmatter extension is used).
  return tree.children as Flow[]
}

// The parsed tree is re-printed, so it gets the same containment as verbatim
// text: headings below the section, HTML blocks that only end at their own
// terminator closed (a code fence is re-printed closed by its handler).
function contain(node: Nodes, depth: number): void {
  if (node.type === 'heading') node.depth = Math.min(6, node.depth + depth) as 1 | 2 | 3 | 4 | 5 | 6
  if (node.type === 'html') node.value = closeHtmlBlock(node.value)
  if ('children' in node) for (const child of node.children) contain(child, depth)
}
