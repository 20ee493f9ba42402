import type {Image, Link, Paragraph} from 'mdast'
import type {Handle} from 'mdast-util-to-markdown'
import type {ChatmarkAttachment} from './mdast-nodes.js'

/** Extensions of files shown as images when their media type is not known. */
const imageExtension = /\.(?:apng|avif|bmp|gif|jpe?g|png|svg|webp)$/i

/**
 * Characters an Obsidian wikilink cannot hold (`]]` ends it, `|` starts its
 * label, `#` and `^` a heading or block, `%%` a comment) or that end the line:
 * such a path is written as a Markdown embed instead, which Obsidian reads too.
 */
const notInWikilink = /[[\]|#^\r\n]|%%/

/**
 * The to-markdown handler of an attachment's file: with `obsidian`, an
 * embed, `![[path]]` (Obsidian shows images, PDFs, audio and video in place);
 * otherwise (gfm) an image, `![name](path)`, when the file is one, and a link,
 * `[name](path)`, when it is not. Written as a paragraph of its own.
 */
export function attachmentHandler(obsidian: boolean): Handle {
  return (node: ChatmarkAttachment, parent, state, info) => {
    if (obsidian && !notInWikilink.test(node.path)) return `![[${node.path}]]`
    const url = obsidian ? encodeURI(node.path) : node.path
    const inline: Image | Link =
      obsidian || isImageFile(node)
        ? {type: 'image', url, alt: node.name}
        : {type: 'link', url, children: [{type: 'text', value: node.name}]}
    const paragraph: Paragraph = {type: 'paragraph', children: [inline]}
    return state.handle(paragraph, parent, state, info)
  }
}

/** Whether an attachment's file is an image: its media type says so, or, when it has none, its path's extension. */
export function isImageFile(node: Pick<ChatmarkAttachment, 'path' | 'mimeType'>): boolean {
  return node.mimeType ? node.mimeType.startsWith('image/') : imageExtension.test(node.path)
}
