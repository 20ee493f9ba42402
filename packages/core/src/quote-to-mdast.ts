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
  const source = part.url === undefined ? (part.title ?? 'a web page') : link(part.title, part.url)
  children.push({type: 'paragraph', children: [{type: 'chatmarkMarker', value: `— ${source}`}]})
  return [{type: 'blockquote', children}]
}

/** A Markdown link whose text and destination cannot break out of it; the host names a page without a title. */
function link(label: string | undefined, url: string): string {
  let text = label?.trim()
  if (!text) {
    try {
      text = new URL(url).hostname.replace(/^www\./, '')
    } catch {
      text = url
    }
  }
  const safeText = text.replace(/[\\[\]*_`<>]/g, (character) => `\\${character}`).replace(/\s+/g, ' ')
  const safeUrl = url.replace(
    /[\s()<>]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
  )
  return `[${safeText}](${safeUrl})`
}
