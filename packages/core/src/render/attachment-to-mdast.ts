import type {PhrasingContent} from 'mdast'
import type {AttachmentPart} from '../model/model.js'
import type {ChatmarkAttachment, Flow} from './mdast-nodes.js'
import {emphasis, inlineCode, mergeText, strong, text} from './phrasing.js'
import type {ResolvedRenderOptions} from './render-options.js'

/**
 * An attachment: its line (`**Attachment** `chart.png` (image/png, 70 B)`),
 * then its file when `attachmentLink` says where it is (see {@link attachmentFile}).
 */
export function attachmentToMdast(part: AttachmentPart, options: ResolvedRenderOptions): Flow[] {
  const line: PhrasingContent[] = [strong('Attachment'), text(' ')]
  if (part.name) line.push(inlineCode(part.name), text(' '))
  line.push(text(`(${part.text})`))
  if (part.reference) line.push(text(' '), inlineCode(part.reference))
  return [{type: 'paragraph', children: mergeText(line)}, ...attachmentFile(part, options)]
}

/**
 * What `attachmentLink` says of an attachment's file: a `chatmarkAttachment`
 * that embeds it, a line saying it could not be found and why, or nothing
 * (no link function, or it gave nothing it could use).
 */
export function attachmentFile(part: AttachmentPart, options: ResolvedRenderOptions): Flow[] {
  const link = options.attachmentLink(part)
  if (typeof link !== 'object' || link === null) return []
  if ('path' in link && typeof link.path === 'string' && link.path !== '') {
    const node: ChatmarkAttachment = {type: 'chatmarkAttachment', path: link.path, name: fileName(part, link.path)}
    if (part.mimeType) node.mimeType = part.mimeType
    return [node]
  }
  if ('unresolved' in link && typeof link.unresolved === 'string') {
    const reason = oneLine(link.unresolved)
    const words = reason ? `The file could not be found: ${reason}` : 'The file could not be found'
    return [{type: 'paragraph', children: [emphasis(words)]}]
  }
  return []
}

/** The attachment's name on one line, else its description, else the last segment of its path. */
function fileName(part: AttachmentPart, path: string): string {
  return oneLine(part.name ?? '') || oneLine(part.text) || path.slice(path.lastIndexOf('/') + 1) || path
}

/** Whitespace runs (line breaks included) as one space, trimmed. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}
