import {createHash} from 'node:crypto'
import type {NoteLink} from '@chatmark/core'
import type {ElementContent} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {h} from 'hastscript'
import {lines} from './lines.js'
import {pageStyle} from './page-style.js'

/** What a page says about itself besides its content. */
export interface PageHead {
  /** The page's title (the conversation's). */
  title: string
  /** The conversation's id, read back by `noteId` so that re-running replaces the page. */
  id: string
  /** What goes above the content: the title heading, the metadata. */
  header: ElementContent[]
  /** What an index lists of the page (read back by `noteLink`, so an index can be rebuilt from the folder). */
  link?: Omit<NoteLink, 'href'>
  /** The bar that stays at the top as the page scrolls: the title and the links that are always at hand. */
  bar?: ElementContent[]
}

/**
 * The page allows nothing but its own stylesheet (by hash, so no other style
 * applies even if one got in), no script, no request of any kind, no form
 * and no `<base>`: the sanitiser already keeps these out of the content, and
 * this is the second wall.
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(pageStyle).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'"
].join('; ')

/** Stands where the content goes, between the two halves of the page. */
const contentMarker = 'chatmark:content'

/**
 * The page around the content, as the text before it and the text after it
 * (the content is written between them, a turn at a time): a doctype, a head
 * with the Content-Security-Policy, the id and the inline stylesheet, and a
 * body whose `<main>` starts with the header.
 */
export function pageShell(head: PageHead): [before: string, after: string] {
  const page = h(null, [
    {type: 'doctype'},
    {type: 'text', value: '\n'},
    h('html', [
      h(
        'head',
        lines([
          h('meta', {charSet: 'utf-8'}),
          h('meta', {httpEquiv: 'Content-Security-Policy', content: contentSecurityPolicy}),
          h('meta', {name: 'referrer', content: 'no-referrer'}),
          h('meta', {name: 'viewport', content: 'width=device-width, initial-scale=1'}),
          h('meta', {name: 'color-scheme', content: 'light dark'}),
          h('meta', {name: 'generator', content: 'chatmark'}),
          // URI-encoded, so the id reads back exactly without an HTML parser.
          h('meta', {name: 'chatmark-id', content: encodeURIComponent(head.id)}),
          ...(head.link
            ? [h('meta', {name: 'chatmark-link', content: encodeURIComponent(JSON.stringify(head.link))})]
            : []),
          h('title', head.title),
          h('style', pageStyle)
        ])
      ),
      {type: 'text', value: '\n'},
      h(
        'body',
        lines([
          ...(head.bar ? [h('nav.page-bar', {ariaLabel: 'Page'}, head.bar)] : []),
          h('main', [
            ...lines([h('header.note-header#top', lines(head.header))]),
            {type: 'comment', value: contentMarker}
          ]),
          h('footer.page-footer', [h('p', 'Written by chatmark.')])
        ])
      ),
      {type: 'text', value: '\n'}
    ])
  ])
  const html = toHtml(page)
  const at = html.indexOf(`<!--${contentMarker}-->`)
  return [html.slice(0, at), `${html.slice(at + contentMarker.length + 7)}\n`]
}

/** What an index lists of a page, from its `chatmark-link` meta element; `undefined` for any other text. */
export function pageLink(head: string): NoteLink | undefined {
  const content = metaContent(head, 'chatmark-link')
  let value: unknown
  try {
    value = content === undefined ? undefined : JSON.parse(content)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const fields = value as Record<string, unknown>
  const {title, format, turns} = fields
  if (typeof title !== 'string' || typeof format !== 'string' || typeof turns !== 'number') return undefined
  const link: NoteLink = {href: '', title, format, turns}
  for (const key of ['date', 'tool', 'project'] as const) {
    const text = fields[key]
    if (typeof text === 'string') link[key] = text
  }
  if (typeof fields['tokens'] === 'number') link.tokens = fields['tokens']
  return link
}

/** The conversation id of a page, from its `chatmark-id` meta element; `undefined` for any other text. */
export async function pageId(head: string): Promise<string | undefined> {
  return metaContent(head, 'chatmark-id')
}

/**
 * The content of a page's meta element named `name`, URI-decoded as `pageShell` encodes it (so it reads back
 * exactly without an HTML parser); `undefined` when the text is not a page, has no such element, or its content
 * does not decode.
 */
function metaContent(head: string, name: string): string | undefined {
  const match = new RegExp(`<meta name="${name}" content="([^"<>]*)">`).exec(head)
  if (!match?.[1] || !/^<!doctype html>/i.test(head)) return undefined
  try {
    return decodeURIComponent(match[1])
  } catch {
    return undefined
  }
}
