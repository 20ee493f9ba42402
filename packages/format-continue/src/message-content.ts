import type {AttachmentPart, Fidelity, Part} from '@chatmark/core/model'
import {isRecord, isString} from '@chatmark/core/model'

/**
 * The parts of a message's `content`: a string, or Continue's `MessagePart[]`
 * (`{type: 'text', text}`, `{type: 'imageUrl', imageUrl: {url}}`). An image
 * becomes an attachment (a `data:` URL is never inlined); a part of another
 * type is counted as `unknown-content-type`.
 */
export function contentParts(content: unknown, fidelity: Fidelity): Part[] {
  if (isString(content)) return content.trim() === '' ? [] : [{type: 'text', text: content}]
  if (!Array.isArray(content)) return []
  const parts: Part[] = []
  for (const part of content) {
    if (isRecord(part) && part['type'] === 'text' && isString(part['text'])) {
      if (part['text'].trim() !== '') parts.push({type: 'text', text: part['text']})
    } else if (isRecord(part) && part['type'] === 'imageUrl') {
      parts.push(imagePart(isRecord(part['imageUrl']) ? part['imageUrl']['url'] : undefined))
    } else {
      fidelity['unknown-content-type'] = (fidelity['unknown-content-type'] ?? 0) + 1
    }
  }
  return parts
}

function imagePart(url: unknown): Part {
  if (!isString(url)) return {type: 'attachment', text: 'image'}
  const data = /^data:([\w.+-]+\/[\w.+-]+)[;,]/.exec(url)
  if (data) {
    const part: AttachmentPart = {
      type: 'attachment',
      text: `${data[1]} image (inline data, not shown)`,
      mimeType: data[1]!
    }
    // The bytes of a base64 data URL, as `AttachmentPart.data` holds them (standard or URL-safe, no line breaks).
    const payload = /^data:[^,]*;base64,([A-Za-z0-9+/_-]*={0,2})$/.exec(url)?.[1]
    if (payload !== undefined) {
      const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0
      part.size = Math.floor((payload.length * 3) / 4) - padding
      part.data = payload
    }
    return part
  }
  return {type: 'attachment', text: 'image', reference: url}
}
