import type {Root} from 'mdast'
import {gfmToMarkdown} from 'mdast-util-gfm'
import type {Options} from 'mdast-util-to-markdown'
import {toMarkdown} from 'mdast-util-to-markdown'

const options: Options = {
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
  return toMarkdown(tree, options).replace(/\n+$/, '')
}
