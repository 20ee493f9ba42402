import type {Element, ElementContent} from 'hast'
import type {Html, Parents} from 'mdast'
import type {State} from 'mdast-util-to-hast'

/** mdast parents whose children are phrasing: raw HTML there is inline, elsewhere an HTML block. */
const phrasingParents: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference'
])

/**
 * Raw HTML in message text, shown as the text it is and never as live HTML:
 * a transcript is the record of what was typed, and a `<script>` in a
 * message is something someone said, not part of the page. An HTML block is
 * shown as a preformatted block, inline HTML as its characters; only a line
 * break (`<br>`, common in the tables models write) becomes one.
 */
export function rawHtml(state: State, node: Html, parent: Parents | undefined): ElementContent {
  if (parent === undefined || !phrasingParents.has(parent.type)) {
    const code: Element = {
      type: 'element',
      tagName: 'code',
      properties: {},
      children: [{type: 'text', value: node.value}]
    }
    const result: Element = {type: 'element', tagName: 'pre', properties: {className: ['raw-html']}, children: [code]}
    state.patch(node, result)
    return result
  }
  if (/^<br\s*\/?>$/i.test(node.value)) return {type: 'element', tagName: 'br', properties: {}, children: []}
  return {type: 'text', value: node.value}
}
