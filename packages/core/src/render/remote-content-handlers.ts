import type {Html, Image, ImageReference, Link, LinkReference, Parents} from 'mdast'
import type {Handle} from 'mdast-util-to-markdown'
import {defaultHandlers} from 'mdast-util-to-markdown'
import {htmlLoadsAnything} from './loading-html.js'

// Message text parsed with `parseMessages` is a tree, re-printed: its images and raw HTML carry
// `data.chatmarkRemoteContent` (`link` unless `RenderOptions.remoteContent` is `keep`), and these handlers do
// to them what `withoutRemoteContent` does to verbatim text. Nodes without it are written as they are.

/** A URL an image may keep: a path beside the note, or `data:`; no scheme, no host, no root. */
const localUrl = /^(?:data:|(?![/\\])[^:]*$)/i

/** Parents whose children are phrasing content: raw HTML there is inline. */
const phrasingParents = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference'])

/** A remote image as a link to it: `[Image: alt](https://...)`. */
export const imageHandler: Handle = (node: Image, parent, state, info) => {
  if (node.data?.chatmarkRemoteContent !== 'link' || localUrl.test(node.url))
    return defaultHandlers.image(node, parent, state, info)
  const link: Link = {type: 'link', url: node.url, title: node.title ?? null, children: [label(node.alt)]}
  return defaultHandlers.link(link, parent, state, info)
}

/** An image by reference (its definition may be anywhere) as a link by the same reference. */
export const imageReferenceHandler: Handle = (node: ImageReference, parent, state, info) => {
  if (node.data?.chatmarkRemoteContent !== 'link') return defaultHandlers.imageReference(node, parent, state, info)
  const link: LinkReference = {
    type: 'linkReference',
    identifier: node.identifier,
    label: node.label ?? node.identifier,
    referenceType: 'full',
    children: [label(node.alt)]
  }
  return defaultHandlers.linkReference(link, parent, state, info)
}

/** Raw HTML that loads or runs something as code, which reads as text: inline code inline, else a code block. */
export const htmlHandler: Handle = (node: Html, parent: Parents | undefined, state, info) => {
  if (node.data?.chatmarkRemoteContent !== 'link' || !htmlLoadsAnything(node.value)) return defaultHandlers.html(node)
  return parent && phrasingParents.has(parent.type)
    ? defaultHandlers.inlineCode({type: 'inlineCode', value: node.value}, parent, state)
    : state.handle({type: 'code', lang: 'html', value: node.value}, parent, state, info)
}

function label(alt: string | null | undefined): {type: 'text'; value: string} {
  return {type: 'text', value: alt?.trim() ? `Image: ${alt}` : 'Image'}
}
