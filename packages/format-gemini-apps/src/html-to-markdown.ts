import type {Nodes as HastNodes, Root as HastRoot, RootContent as HastContent} from 'hast'
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

function hastToMarkdown(tree: HastRoot): string {
  const clean = sanitize(tree, defaultSchema) as HastNodes
  const mdast = toMdast(clean)
  return toMarkdown(mdast, {extensions: [gfmToMarkdown()], bullet: '-', emphasis: '_', rule: '-'}).trim()
}
