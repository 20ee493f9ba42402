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

/** A space between pieces of a line (never at its start or end). */
export const space: PhrasingContent = {type: 'chatmarkMarker', value: ' '}

/**
 * Strong or emphasis around text. With inert text the markup is written as
 * a literal (`**Result**`): inert text can neither end the run early nor
 * stop it from closing, so it needs none of the serialiser's attention
 * handling, which is the costliest part of serialising phrasing.
 */
export function attention(kind: 'strong' | 'emphasis', value: string): PhrasingContent {
  const text = inertText(value)
  if (text.type === 'chatmarkMarker') {
    const marker = kind === 'strong' ? '**' : '_'
    return {type: 'chatmarkMarker', value: `${marker}${value}${marker}`}
  }
  return {type: kind, children: [text]}
}

/**
 * Inline code. A value with no backtick, no line ending and no space at
 * either end reads back exactly between single backticks, so it is written as
 * a literal; anything else is an `inlineCode` node, padded and fenced by the
 * serialiser.
 */
export function inlineCode(value: string): PhrasingContent {
  if (value.length > 0 && value.length <= 200 && !/[`\r\n]/.test(value) && value.trim() === value) {
    return {type: 'chatmarkMarker', value: `\`${value}\``}
  }
  return {type: 'inlineCode', value}
}

/**
 * Merges neighbouring literals of a line into one node: fewer nodes is less
 * work for the serialiser, which handles phrasing node by node.
 */
export function mergeLiterals(nodes: PhrasingContent[]): PhrasingContent[] {
  const merged: PhrasingContent[] = []
  for (const node of nodes) {
    const last = merged.at(-1)
    if (node.type === 'chatmarkMarker' && last?.type === 'chatmarkMarker') {
      merged[merged.length - 1] = {type: 'chatmarkMarker', value: last.value + node.value}
    } else {
      merged.push(node)
    }
  }
  return merged
}
