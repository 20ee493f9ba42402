import {markdownLink} from './markdown-link.js'
import type {Flow} from './mdast-nodes.js'
import type {QuotePart} from './model.js'

/**
 * A quoted passage: a block quote holding the passage (Markdown source, kept
 * verbatim and contained as message text is) and a last line naming its
 * source, a link when the address is known.
 */
export function quoteToMdast(part: QuotePart, depth: number): Flow[] {
  const children: Flow[] = []
  const passage = part.text.trim()
  if (passage) children.push({type: 'chatmarkMarkdown', value: passage, depth})
  const source = part.url === undefined ? (part.title ?? 'a web page') : markdownLink(part.title, part.url)
  children.push({type: 'paragraph', children: [{type: 'chatmarkMarker', value: `— ${source}`}]})
  return [{type: 'blockquote', children}]
}
