import type {AttachmentPart, TextPart} from '@chatmark/core/model'
import {isRecord, isString, stringOf} from '@chatmark/core/model'
import {formatBytes} from '@chatmark/core/read'

/** A message's content items as parts: text, and images as attachments (a data URL's bytes as `data`). */
export function messageContent(content: unknown): Array<TextPart | AttachmentPart> {
  if (isString(content)) return content.trim() ? [{type: 'text', text: content}] : []
  if (!Array.isArray(content)) return []
  const parts: Array<TextPart | AttachmentPart> = []
  for (const item of content) {
    if (!isRecord(item)) continue
    const text = stringOf(item['text'])
    // `input_text` / `output_text` in response items, `text` / `Text` in item_completed events.
    if (text !== undefined) {
      if (text.trim()) parts.push({type: 'text', text})
      continue
    }
    const image = stringOf(item['image_url']) ?? stringOf(item['url']) ?? stringOf(item['path'])
    if (/image/i.test(String(item['type'])) || image !== undefined)
      parts.push(imagePart(image, stringOf(item['file_id'])))
  }
  return parts
}

/** The text of a message's content items, joined; `''` when it has none. */
export function contentText(content: unknown): string {
  return messageContent(content)
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('\n\n')
}

/** Base64 as `AttachmentPart.data` holds it: the standard or the URL-safe alphabet, no line breaks. */
const base64 = /^[A-Za-z0-9+/_-]*={0,2}$/

/**
 * An image as an attachment: a data URL is described by its type and decoded
 * size, its base64 payload kept as the bytes (`data`); a path or URL is kept as the reference.
 */
export function imagePart(reference: string | undefined, fileId?: string): AttachmentPart {
  const data = reference === undefined ? undefined : /^data:([^;,]+)?(;base64)?,/.exec(reference)
  if (reference !== undefined && data) {
    const payload = reference.slice(data[0].length)
    const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0
    const size = data[2] ? Math.floor((payload.length * 3) / 4) - padding : payload.length
    const mimeType = data[1] ?? 'application/octet-stream'
    const part: AttachmentPart = {type: 'attachment', text: `${mimeType}, ${formatBytes(size)}`, mimeType, size}
    if (data[2] && base64.test(payload)) part.data = payload
    return part
  }
  const part: AttachmentPart = {type: 'attachment', text: 'image'}
  if (reference !== undefined) part.reference = reference
  else if (fileId !== undefined) part.reference = fileId
  return part
}
