import type {Conversation, RenderOptions} from '@chatmark/core'
import {conversationMdastNodes, conversationTitle} from '@chatmark/core'
import type {ElementContent} from 'hast'
import type {RootContent} from 'mdast'
import {VFile} from 'vfile'
import {htmlProcessor} from './html-processor.js'
import {metadataTable} from './metadata-table.js'
import {pageShell} from './page-shell.js'
import {visibleControls} from './visible-controls.js'

/**
 * Renders a conversation as one self-contained HTML page, in pieces: the
 * head, the header (title and metadata), then each turn, notice and branch
 * of the note's tree converted, sanitised and serialised on its own (see
 * {@link htmlProcessor}), then the end of the page. The tree is built a turn
 * at a time as the page is written (core's `conversationMdastNodes`, as the
 * Markdown writer builds it): a session of 400,000 turns is never one tree,
 * nor one string.
 */
export function* htmlChunks(conversation: Conversation, options?: RenderOptions): Generator<string> {
  // The default profile's properties: the obsidian profile's are flattened for Obsidian's Properties panel, which a
  // page has no use for.
  const nodes = conversationMdastNodes(conversation, {...options, profile: 'gfm'})
  let next = nodes.next()
  const frontmatter = !next.done && next.value.type === 'chatmarkFrontmatter' ? next.value : undefined
  if (frontmatter) next = nodes.next()
  const heading = next.done ? undefined : next.value
  if (heading) next = nodes.next()
  const title = conversationTitle(conversation)
  // One file for the page, so that every message on it gets ids of its own (see `chatmarkHandlers`).
  const file = new VFile()
  const header: ElementContent[] = [
    ...(heading ? toElements(heading, file) : []),
    ...(frontmatter ? [metadataTable(frontmatter)] : [])
  ]
  const [before, after] = pageShell({title, id: conversation.id, header})
  yield visibleControls(before)
  for (; !next.done; next = nodes.next())
    yield visibleControls(
      `${htmlProcessor.stringify(htmlProcessor.runSync({type: 'root', children: [next.value]}, file))}\n`
    )
  yield after
}

function toElements(node: RootContent, file: VFile): ElementContent[] {
  return htmlProcessor.runSync({type: 'root', children: [node]}, file).children as ElementContent[]
}
