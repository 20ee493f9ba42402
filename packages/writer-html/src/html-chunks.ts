import type {Conversation, RenderOptions} from '@chatmark/core'
import {conversationTitle, conversationToMdast, frontmatterOf} from '@chatmark/core'
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
 * {@link htmlProcessor}), then the end of the page. A 100 MB session is never
 * one HTML tree, nor one string.
 */
export function* htmlChunks(conversation: Conversation, options?: RenderOptions): Generator<string> {
  const tree = conversationToMdast(conversation, options)
  const title = conversationTitle(conversation)
  const [first, ...rest] = tree.children
  const [heading, ...content] = first?.type === 'yaml' ? rest : tree.children
  // One file for the page, so that every message on it gets ids of its own (see `chatmarkHandlers`).
  const file = new VFile()
  const header: ElementContent[] = [
    ...(heading ? toElements(heading, file) : []),
    metadataTable(frontmatterOf(conversation, title))
  ]
  const [before, after] = pageShell({title, id: conversation.id, header})
  yield visibleControls(before)
  for (const node of content)
    yield visibleControls(`${htmlProcessor.stringify(htmlProcessor.runSync({type: 'root', children: [node]}, file))}\n`)
  yield after
}

function toElements(node: RootContent, file: VFile): ElementContent[] {
  return htmlProcessor.runSync({type: 'root', children: [node]}, file).children as ElementContent[]
}
