import type {Fidelity, Part} from '@chatmark/core/model'
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
  if (data) return {type: 'attachment', text: `${data[1]} image (inline data, not shown)`, mimeType: data[1]!}
  return {type: 'attachment', text: 'image', reference: url}
}
