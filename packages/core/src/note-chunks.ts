import {randomBytes} from 'node:crypto'
import {longestStreak} from 'longest-streak'
import type {Code, Heading, Paragraph, Root} from 'mdast'
import {frontmatterToMarkdown} from 'mdast-util-frontmatter'
import {gfmToMarkdown} from 'mdast-util-gfm'
import type {Handle, Options as ToMarkdownOptions} from 'mdast-util-to-markdown'
import {defaultHandlers, toMarkdown} from 'mdast-util-to-markdown'
import {containMarkdown} from './contain-markdown.js'
import {conversationToMdast} from './conversation-to-mdast.js'
import type {ChatmarkMarkdown, ChatmarkMarker} from './mdast-nodes.js'
import type {Conversation} from './model.js'
import type {RenderOptions} from './render-options.js'

/** Bodies (message text, code) are handed out in pieces of about this many characters. */
const chunkChars = 1024 * 1024

/** A body that the serialised tree refers to by placeholder. */
type Body = {kind: 'markdown'; node: ChatmarkMarkdown} | {kind: 'code'; value: string}

/**
 * Serialises a note's tree once, with GFM and YAML frontmatter, and yields
 * the Markdown in order, in pieces.
 *
 * The tree is serialised by mdast-util-to-markdown as usual, except that the
 * bodies of message text and code blocks, which are almost all of a note's
 * size, stand in it as one-line placeholders. They are written in their place
 * as the pieces are yielded (contained, and prefixed with the block-quote
 * markers of their line), straight from the conversation's own strings. So
 * the serialiser does work per node, not per byte, and a note is never held
 * twice: a 100 MB session streams to disk with only the tree's skeleton in
 * memory beside the conversation.
 */
export function* treeToMarkdownChunks(tree: Root): Generator<string> {
  const bodies: Body[] = []
  const nonce = randomBytes(6).toString('hex')
  const placeholder = (body: Body): string => `\u0000${nonce}:${bodies.push(body) - 1}\u0000`

  const chatmarkMarkdown: Handle = (node: ChatmarkMarkdown) => placeholder({kind: 'markdown', node})
  const chatmarkMarker: Handle = (node: ChatmarkMarker) => node.value
  // Fences are longer than any run of the fence character in the code, as
  // mdast-util-to-markdown's own handler makes them; the body is a placeholder.
  const code: Handle = (node: Code) => {
    const value = node.value.replace(/\n$/, '')
    const fence = '`'.repeat(Math.max(longestStreak(value, '`') + 1, 3))
    const info = /^[\w+#.-]*$/.test(node.lang ?? '') ? (node.lang ?? '') : ''
    return value === ''
      ? `${fence}${info}\n${fence}`
      : `${fence}${info}\n${placeholder({kind: 'code', value})}\n${fence}`
  }

  // Headings and paragraphs that chatmark built from literals only (see
  // `inertText`) are written directly; the default handlers' phrasing
  // machinery would find nothing to escape in them.
  const heading: Handle = (node: Heading, parent, state, info) => {
    const only = node.children.length === 1 ? node.children[0] : undefined
    if (only?.type === 'chatmarkMarker') return `${'#'.repeat(node.depth)} ${only.value}`
    return defaultHandlers.heading(node, parent, state, info)
  }
  const paragraph: Handle = (node: Paragraph, parent, state, info) => {
    if (node.children.every((child) => child.type === 'chatmarkMarker')) {
      return node.children.map((child) => (child.type === 'chatmarkMarker' ? child.value : '')).join('')
    }
    return defaultHandlers.paragraph(node, parent, state, info)
  }
  const options: ToMarkdownOptions = {
    bullet: '-',
    emphasis: '_',
    rule: '-',
    fences: true,
    extensions: [gfmToMarkdown(), frontmatterToMarkdown(['yaml'])],
    handlers: {chatmarkMarkdown, chatmarkMarker, code, heading, paragraph}
  }
  const skeleton = toMarkdown(tree, options)

  const pattern = new RegExp(`\u0000${nonce}:(\\d+)\u0000`, 'g')
  let from = 0
  for (const match of skeleton.matchAll(pattern)) {
    const before = skeleton.slice(from, match.index)
    if (before) yield before
    const body = bodies[Number(match[1])]
    if (body) {
      // Whatever precedes the placeholder on its line is container markup
      // (`> ` in a block quote): it must start every line of the body.
      const prefix = skeleton.slice(skeleton.lastIndexOf('\n', match.index) + 1, match.index)
      const text = body.kind === 'markdown' ? containMarkdown(body.node.value, body.node.depth) : body.value
      yield* prefixed(text, prefix)
    }
    from = match.index + match[0].length
  }
  const rest = skeleton.slice(from)
  if (rest) yield rest
}

function* prefixed(text: string, prefix: string): Generator<string> {
  if (prefix === '') {
    for (let start = 0; start < text.length; start += chunkChars) yield text.slice(start, start + chunkChars)
    return
  }
  const blank = prefix.trimEnd()
  const lines = text.split('\n')
  // The first line's prefix is already in the skeleton.
  yield lines.map((line, index) => (index === 0 ? line : line === '' ? blank : prefix + line)).join('\n')
}

/** Serialises a note's tree to one string (see {@link treeToMarkdownChunks}). */
export function treeToMarkdown(tree: Root): string {
  return [...treeToMarkdownChunks(tree)].join('')
}

/** Renders a conversation as a Markdown note, in pieces (see {@link treeToMarkdownChunks}). */
export function noteChunks(conversation: Conversation, options?: RenderOptions): Generator<string> {
  return treeToMarkdownChunks(conversationToMdast(conversation, options))
}

/** Renders a conversation as a Markdown note. */
export function toNote(conversation: Conversation, options?: RenderOptions): string {
  return treeToMarkdown(conversationToMdast(conversation, options))
}
