import type {Root} from 'mdast'
import {gfmToMarkdown} from 'mdast-util-gfm'
import type {Options} from 'mdast-util-to-markdown'
import {toMarkdown} from 'mdast-util-to-markdown'

/** How a message tree is serialised (exported for the test that holds the plain-line shortcut to it). */
export const serializeOptions: Options = {
  extensions: [gfmToMarkdown()],
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fences: true,
  listItemIndent: 'one',
  rule: '-'
}

/**
 * Serialises a message tree as the Markdown text of a part. The serialiser
 * escapes whatever in plain text would read as Markdown (`#` starting a line,
 * `*`, `[`, `<`…), which string building cannot promise.
 */
export function serialize(tree: Root): string {
  if (tree.children.length === 0) return ''
  const plain = plainText(tree)
  if (plain !== undefined) return plain
  return toMarkdown(tree, serializeOptions).replace(/\n+$/, '')
}

/**
 * Words, digits, spaces and sentence punctuation that no Markdown construct
 * starts with or is made of: such a line serialises as itself. The first
 * character is a letter (a digit could open an ordered list, `-` a bullet) and
 * the last is not a space (the serialiser encodes edge spaces).
 */
const plainLine = /^\p{L}[\p{L}\p{N} ,.'"?!:;-]*$/u

/**
 * The text of a tree that is one paragraph of one plain line, which the
 * serialiser would give back unchanged: most chat messages. Skipping it saves
 * most of the reading time of an export (300,000 messages: 18 s, of which
 * 10 s went to serialising). `www.` is left to the serialiser (GFM escapes
 * the dot of what could become a link).
 */
function plainText(tree: Root): string | undefined {
  const [paragraph] = tree.children
  if (tree.children.length !== 1 || paragraph?.type !== 'paragraph' || paragraph.children.length !== 1) return undefined
  const [text] = paragraph.children
  if (text?.type !== 'text' || text.value.endsWith(' ') || !plainLine.test(text.value)) return undefined
  return /[Ww]\./.test(text.value) ? undefined : text.value
}
