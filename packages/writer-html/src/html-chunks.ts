import type {Conversation, RenderOptions} from '@chatmark/core'
import {conversationMdastNodes, conversationTitle, noteLinkOf, pageBreak} from '@chatmark/core'
import type {Element, ElementContent} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {h} from 'hastscript'
import type {RootContent} from 'mdast'
import {VFile} from 'vfile'
import {htmlProcessor} from './html-processor.js'
import {metadataFold} from './metadata-table.js'
import {pageBar} from './page-bar.js'
import {PageLinks} from './page-links.js'
import {pageShell} from './page-shell.js'
import {TurnAnchors} from './turn-anchors.js'
import {visibleControls} from './visible-controls.js'

/**
 * Renders a conversation as one self-contained HTML page, in pieces: the
 * head, the bar and header (title and metadata), then each turn, notice and
 * branch of the note's tree converted, sanitised and serialised on its own
 * (see {@link htmlProcessor}), numbered for anchors ({@link TurnAnchors}),
 * then the end of the page. The tree is built a turn at a time as the page
 * is written (core's `conversationMdastNodes`, as the Markdown writer builds
 * it): a session of 400,000 turns is never one tree, nor one string. With
 * `pageChars` and `pageName`, a long conversation is several pages, linked
 * to each other, with {@link pageBreak} between them.
 */
export function* htmlChunks(conversation: Conversation, options?: RenderOptions): Generator<string> {
  // The default profile's properties: the obsidian profile's are flattened for Obsidian's Properties panel, which a
  // page has no use for.
  const nodes = conversationMdastNodes(conversation, {...options, profile: 'gfm'})
  let next = nodes.next()
  const frontmatter = !next.done && next.value.type === 'chatmarkFrontmatter' ? next.value : undefined
  if (frontmatter) next = nodes.next()
  const heading = next.done ? undefined : next.value
  if (heading) next = nodes.next()
  const title = conversationTitle(conversation)
  const tool = options?.toolName ?? conversation.source.format
  // One file for the page, so that every message on it gets ids of its own (see `chatmarkHandlers`).
  const file = new VFile()
  const {href: _, ...link} = noteLinkOf(conversation, tool)
  const header: ElementContent[] = [
    ...(heading ? toElements(heading, file) : []),
    ...(frontmatter ? [metadataFold(frontmatter, link, conversation.metadata.models ?? [])] : [])
  ]
  // Prompts are what a person asks a model: a channel of people (Slack) has messages, not prompts to jump between.
  const prompts = conversation.turns.some((turn) => turn.role === 'assistant')
  const facts = {title, tool, prompts, options}
  const pageChars = options?.pageChars ?? 0
  const pages = pageChars > 0 && options?.pageName ? new PageLinks(options.pageName, '.html') : undefined
  let page = 1
  let [before, after] = pageShell({title, id: conversation.id, header, link, bar: pageBar(facts)})
  yield visibleControls(before)
  const anchors = new TurnAnchors(prompts)
  let written = 0
  while (!next.done) {
    const tree = htmlProcessor.runSync({type: 'root', children: [next.value]}, file)
    anchors.mark(tree)
    const html = visibleControls(`${htmlProcessor.stringify(tree)}\n`)
    written += html.length
    yield html
    next = nodes.next()
    if (pages && written >= pageChars && !next.done) {
      yield `${toHtml(anchors.end(pages.href(page + 1)))}\n${pager(pages, page, true)}${after}`
      yield pageBreak
      anchors.newPage(pages.href(page))
      page++
      written = 0
      const own = {title: `${title} (page ${page})`, id: `${conversation.id}#page-${page}`}
      ;[before, after] = pageShell({
        ...own,
        header: [h('h1', title), pagerNav(pages, page, false)],
        bar: pageBar({...facts, prompts: false})
      })
      yield visibleControls(before)
    }
  }
  yield `${toHtml(anchors.end())}\n${pages && page > 1 ? pager(pages, page, false) : ''}${after}`
}

/** The links between pages: to the first and the previous page, and with `more`, to the next. */
function pagerNav(pages: PageLinks, page: number, more: boolean): Element {
  const links: ElementContent[] = []
  if (page > 1) {
    links.push(h('a', {href: pages.href(1)}, '⇤ First page'), h('a', {href: pages.href(page - 1)}, '← Previous page'))
  }
  links.push(h('span', `Page ${page}`))
  if (more) links.push(h('a', {href: pages.href(page + 1)}, 'Next page →'))
  return h('nav.pager', {ariaLabel: 'Pages'}, links)
}

/** {@link pagerNav}, as the text of a page. */
function pager(pages: PageLinks, page: number, more: boolean): string {
  return `${toHtml(pagerNav(pages, page, more))}\n`
}

function toElements(node: RootContent, file: VFile): ElementContent[] {
  return htmlProcessor.runSync({type: 'root', children: [node]}, file).children as ElementContent[]
}
