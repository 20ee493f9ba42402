import type {Nodes, Root, RootContent} from 'mdast'
import {conversationMdastNodes, conversationToMdast} from './conversation-to-mdast.js'
import {BodySink} from './defer-bodies.js'
import type {MarkdownProcessor} from './markdown-processor.js'
import {createMarkdownProcessor} from './markdown-processor.js'
import type {Conversation} from '../model/model.js'
import type {RenderOptions} from './render-options.js'

/** Characters of text after which the turns gathered so far are serialised and handed out. */
const batchChars = 256 * 1024
/** Turns serialised at most in one go, however short: each piece of output is one string. */
const batchNodes = 64

/** The streaming note writer of each profile: a processor that defers bodies to its sink. */
const writers = new Map<string, {processor: MarkdownProcessor; sink: BodySink}>()

function noteWriter(profile: RenderOptions['profile'] = 'gfm'): {processor: MarkdownProcessor; sink: BodySink} {
  let writer = writers.get(profile)
  if (!writer) {
    const sink = new BodySink(profile)
    writer = {processor: createMarkdownProcessor(profile, sink), sink}
    writers.set(profile, writer)
  }
  return writer
}

/**
 * Serialises a note's tree with the note writer (`markdownProcessor`)
 * and yields the Markdown in order, in pieces: the frontmatter and title,
 * then the turns, a few at a time (one at a time when they are long). Each
 * piece is a root of top-level nodes stringified by the same frozen
 * processor, so the pieces join to exactly what stringifying the whole tree
 * gives. Message text and code, almost all of a note's size, are written
 * straight from the conversation's strings (see `deferBodies`), so a 100 MB
 * session never becomes one string.
 */
export function treeToMarkdownChunks(tree: Root, profile?: RenderOptions['profile']): Generator<string> {
  return nodesToMarkdownChunks(tree.children, profile)
}

/** {@link treeToMarkdownChunks} over the root's children as they come, so that they need not all exist at once. */
function* nodesToMarkdownChunks(nodes: Iterable<RootContent>, profile?: RenderOptions['profile']): Generator<string> {
  const {processor, sink} = noteWriter(profile)
  let batch: RootContent[] = []
  let size = 0
  let separator = ''
  for (const child of nodes) {
    batch.push(child)
    size += textSize(child, batchChars - size)
    // A note of a few turns is one call of the serialiser: each call configures its state from every extension
    // afresh (merging their handlers, 8% of rendering an export's small notes when the frontmatter and title went
    // out in a call of their own).
    if (size >= batchChars || batch.length >= batchNodes) {
      if (separator) yield separator
      yield* withoutNul(sink.fill(processor.stringify({type: 'root', children: batch})))
      separator = '\n'
      batch = []
      size = 0
    }
  }
  if (batch.length === 0) return
  if (separator) yield separator
  yield* withoutNul(sink.fill(processor.stringify({type: 'root', children: batch})))
}

/**
 * The pieces with NUL characters replaced by U+FFFD, as a Markdown parser
 * reads them anyway: a NUL makes tools take the note for a binary file.
 */
function* withoutNul(pieces: Iterable<string>): Generator<string> {
  for (const piece of pieces) yield piece.includes('\u0000') ? piece.replaceAll('\u0000', '\uFFFD') : piece
}

/** The length of the text in a node, counted up to `limit`. */
function textSize(node: Nodes, limit: number): number {
  if ('value' in node) return node.value.length
  if (!('children' in node)) return 0
  let size = 0
  for (const child of node.children) {
    size += textSize(child, limit - size)
    if (size >= limit) break
  }
  return size
}

/** Serialises a note's tree to one string (see {@link treeToMarkdownChunks}). */
export function treeToMarkdown(tree: Root, profile?: RenderOptions['profile']): string {
  return [...treeToMarkdownChunks(tree, profile)].join('')
}

/** Renders a conversation as a Markdown note, in pieces (see {@link treeToMarkdownChunks}). */
export function noteChunks(conversation: Conversation, options?: RenderOptions): Generator<string> {
  // The tree is built a few turns ahead of the writer, never whole: a long session's tree (truncated results, code
  // with its line endings normalised) would otherwise be held until its last turn is written.
  return nodesToMarkdownChunks(conversationMdastNodes(conversation, options), options?.profile)
}

/** Renders a conversation as a Markdown note. */
export function toNote(conversation: Conversation, options?: RenderOptions): string {
  return treeToMarkdown(conversationToMdast(conversation, options), options?.profile)
}
