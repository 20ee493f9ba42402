import {notParsedText, parseMessage} from '@chatmark/core'
import type {Element, ElementContent, Nodes as HastNodes} from 'hast'
import type {Nodes, Root} from 'mdast'
import {toHast} from 'mdast-util-to-hast'
import {noticeElement} from './notice-element.js'
import {plainParagraphs} from './plain-paragraphs.js'
import {rawHtml} from './raw-html.js'
import {simpleMarkdown} from './simple-markdown.js'

/**
 * Message text (Markdown source as the tool stored it) as HTML: parsed with
 * micromark and GFM (core's `parseMessage`, as `parseMessages` parses it), its
 * headings pushed below `depth` (the heading of the section that holds it),
 * converted on its own so its link definitions and footnotes stay its own.
 * `prefix` keeps the ids of its footnotes apart from those of other messages
 * on the page. Raw HTML in it is shown as text ({@link rawHtml}). Text over
 * the parse budget is shown as written, in a preformatted block under a
 * notice that says why.
 */
export function messageToHast(value: string, depth: number, prefix: string): ElementContent[] {
  const simple = plainParagraphs(value) ?? simpleMarkdown(value, depth)
  if (simple) return simple
  const parsed = parseMessage(value)
  if ('refused' in parsed) return shownAsWritten(value, parsed.refused)
  const tree: Root = {type: 'root', children: parsed.nodes}
  pushHeadings(tree, depth)
  const hast = toHast(tree, {clobberPrefix: prefix, handlers: {html: rawHtml}})
  prefixFootnoteLabel(hast, prefix)
  // A root in, a root out. The line breaks between its blocks are left out:
  // the turn that holds the message puts its own between all its children.
  const children = hast.type === 'root' ? hast.children : [hast]
  return children.filter(
    (child): child is ElementContent => child.type === 'element' || (child.type === 'text' && /\S/.test(child.value))
  )
}

/** A message that is not parsed: a notice saying why, then its text as written, as code is shown. */
function shownAsWritten(value: string, reason: string): ElementContent[] {
  const code: Element = {type: 'element', tagName: 'code', properties: {}, children: [{type: 'text', value}]}
  return [
    noticeElement('info', [{type: 'text', value: notParsedText(reason)}]),
    {type: 'element', tagName: 'pre', properties: {}, children: [code]}
  ]
}

/** Headings below the section's own (`#` in a message under a `##` turn heading becomes `###`). */
export function pushHeadings(node: Nodes, depth: number): void {
  if (node.type === 'heading') node.depth = Math.min(6, node.depth + depth) as 1 | 2 | 3 | 4 | 5 | 6
  if ('children' in node) for (const child of node.children) pushHeadings(child, depth)
}

/**
 * mdast-util-to-hast gives every footnote section's label the same id
 * (`footnote-label`, without the prefix): two messages with footnotes would
 * share it.
 */
function prefixFootnoteLabel(node: HastNodes, prefix: string): void {
  if (node.type === 'element') {
    const {properties} = node
    if (properties['id'] === 'footnote-label') properties['id'] = `${prefix}footnote-label`
    const describedBy = properties['ariaDescribedBy']
    if (Array.isArray(describedBy) && describedBy.includes('footnote-label')) {
      properties['ariaDescribedBy'] = [`${prefix}footnote-label`]
    }
  }
  if ('children' in node) for (const child of node.children) prefixFootnoteLabel(child, prefix)
}
