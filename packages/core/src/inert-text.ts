import type {PhrasingContent} from 'mdast'

/**
 * Characters that mean nothing to Markdown, GFM or HTML anywhere inside a
 * line: letters, digits, spaces and plain punctuation. Everything that can
 * start or end a construct (`*_[]<>&!#~|\\=+@` and backticks) is absent.
 */
const inert = /^[\p{L}\p{N} ,.:;()·'"%?/-]*$/u
/** GFM turns `www.` and `scheme://` into links even without brackets. */
const autolink = /www\.|:\/\//i

/**
 * A text node for phrasing content that starts no line of its own (heading
 * text, pieces of chatmark's one-line summaries). Text proven inert is kept
 * as a literal, which spares mdast-util-to-markdown its escaping pass: that
 * pass runs dozens of patterns per node and was most of the time spent
 * serialising a long session. Anything else is an ordinary, escaped text node.
 */
export function inertText(value: string): PhrasingContent {
  if (value.length <= 200 && inert.test(value) && !autolink.test(value) && value.trim() === value) {
    return {type: 'chatmarkMarker', value}
  }
  return {type: 'text', value}
}
