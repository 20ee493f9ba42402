import type {ElementContent, Nodes as HastNodes} from 'hast'
import type {Nodes} from 'mdast'
import type {Options as FromMarkdownOptions} from 'mdast-util-from-markdown'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {gfmFromMarkdown} from 'mdast-util-gfm'
import {toHast} from 'mdast-util-to-hast'
import {gfm} from 'micromark-extension-gfm'
import {plainParagraphs} from './plain-paragraphs.js'
import {rawHtml} from './raw-html.js'

/**
 * Message text (Markdown source as the tool stored it) as HTML: parsed with
 * micromark and GFM, its headings pushed below `depth` (the heading of the
 * section that holds it), converted on its own so its link definitions and
 * footnotes stay its own. `prefix` keeps the ids of its footnotes apart from
 * those of other messages on the page. Raw HTML in it is shown as text
 * ({@link rawHtml}).
 */
export function messageToHast(value: string, depth: number, prefix: string): ElementContent[] {
  const plain = plainParagraphs(value)
  if (plain) return plain
  parserOptions ??= {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]}
  const tree = fromMarkdown(value, parserOptions)
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

/** The parser's extensions, made once: building them per message was a tenth of a long session's time. */
let parserOptions: FromMarkdownOptions | undefined

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
