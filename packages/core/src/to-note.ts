import type {Root} from 'mdast'
import {frontmatterToMarkdown} from 'mdast-util-frontmatter'
import {gfmToMarkdown} from 'mdast-util-gfm'
import type {Handle, Options as ToMarkdownOptions} from 'mdast-util-to-markdown'
import {toMarkdown} from 'mdast-util-to-markdown'
import {containMarkdown} from './contain-markdown.js'
import {conversationToMdast} from './conversation-to-mdast.js'
import type {ChatmarkMarkdown, ChatmarkMarker} from './mdast-nodes.js'
import type {Conversation} from './model.js'
import type {RenderOptions} from './render-options.js'

const chatmarkMarkdown: Handle = (node: ChatmarkMarkdown) => containMarkdown(node.value, node.depth)
const chatmarkMarker: Handle = (node: ChatmarkMarker) => node.value

const serialiseOptions: ToMarkdownOptions = {
  bullet: '-',
  emphasis: '_',
  rule: '-',
  fences: true,
  extensions: [gfmToMarkdown(), frontmatterToMarkdown(['yaml'])],
  handlers: {chatmarkMarkdown, chatmarkMarker}
}

/**
 * Serialises a note's tree once, with GFM and YAML frontmatter. Message text
 * nodes are written verbatim after containment.
 */
export function treeToMarkdown(tree: Root): string {
  return toMarkdown(tree, serialiseOptions)
}

/** Renders a conversation as a Markdown note. */
export function toNote(conversation: Conversation, options?: RenderOptions): string {
  return treeToMarkdown(conversationToMdast(conversation, options))
}
