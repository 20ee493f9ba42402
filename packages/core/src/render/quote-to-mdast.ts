import type {Blockquote, PhrasingContent} from 'mdast'
import type {QuotePart} from '../model/model.js'
import {linkDestination, linkLabel} from '../model/markdown-link.js'
import {remoteField} from './message-to-mdast.js'
import {text} from './phrasing.js'
import type {RemoteContent} from './render-options.js'

/**
 * A quoted passage: a block quote holding the passage (Markdown source, kept
 * verbatim and contained as message text is) and a last line naming its
 * source, a link when the address is known.
 */
export function quoteToMdast(part: QuotePart, depth: number, remoteContent: RemoteContent = 'link'): Blockquote {
  const children: Blockquote['children'] = []
  // Blank lines around it go, not the indentation of its first line, which may make it code (as in a message).
  const passage = part.text.replace(/^(?:[ \t]*(?:\r\n?|\n))+/, '').trimEnd()
  if (passage) children.push({type: 'chatmarkMessage', value: passage, depth, ...remoteField(remoteContent)})
  const source: PhrasingContent =
    part.url === undefined
      ? text(part.title ?? 'a web page')
      : {type: 'link', url: linkDestination(part.url), children: [text(linkLabel(part.title, part.url))]}
  children.push({type: 'paragraph', children: [text('— '), source]})
  return {type: 'blockquote', children}
}
