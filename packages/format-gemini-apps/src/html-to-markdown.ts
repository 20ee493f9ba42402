import type {ElementContent, Nodes as HastNodes, Root as HastRoot, RootContent as HastContent} from 'hast'
import {fromHtml} from 'hast-util-from-html'
import {defaultSchema, sanitize} from 'hast-util-sanitize'
import {toMdast} from 'hast-util-to-mdast'
import {gfmToMarkdown} from 'mdast-util-gfm'
import {toMarkdown} from 'mdast-util-to-markdown'

/**
 * An answer's HTML (a `safeHtmlItem`, or the nodes of an HTML card) as
 * Markdown. Takeout calls it "safe" HTML, but it is the export's text: it is
 * sanitised first (GitHub's schema, `hast-util-sanitize`: no scripts, styles,
 * event handlers or `javascript:` links), then made mdast
 * (`hast-util-to-mdast`) and written with GFM (tables, strikethrough) as the
 * other readers' text is.
 */
export function htmlToMarkdown(html: string): string {
  return hastToMarkdown(fromHtml(html, {fragment: true}))
}

/** Nodes of a parsed page (an HTML card's answer) as Markdown; see {@link htmlToMarkdown}. */
export function nodesToMarkdown(nodes: readonly HastContent[]): string {
  return hastToMarkdown({type: 'root', children: [...nodes]})
}

/** GitHub's schema, with `<style>` removed whole (its CSS is no text of the answer), as `<script>` is. */
const schema = {...defaultSchema, strip: [...(defaultSchema.strip ?? []), 'style']}

function hastToMarkdown(tree: HastRoot): string {
  const clean = sanitize(tree, schema) as HastNodes
  const mdast = toMdast(unwrapBareLinks(clean))
  return toMarkdown(mdast, {extensions: [gfmToMarkdown()], bullet: '-', emphasis: '_', rule: '-'}).trim()
}

/** A link the sanitiser took the address of (`javascript:`) is its text alone, not `[text]()`. */
function unwrapBareLinks<Node extends HastNodes>(node: Node): Node {
  if (!('children' in node)) return node
  const children: ElementContent[] = []
  for (const child of node.children as ElementContent[]) {
    const kept = unwrapBareLinks(child)
    if (kept.type === 'element' && kept.tagName === 'a' && typeof kept.properties['href'] !== 'string')
      children.push(...kept.children)
    else children.push(kept)
  }
  return {...node, children}
}
