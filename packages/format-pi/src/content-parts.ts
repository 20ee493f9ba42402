import type {AttachmentPart, Part} from '@chatmark/core/model'
import {isRecord, isString, stringOf} from '@chatmark/core/model'
import {formatBytes} from '@chatmark/core/read'

/**
 * The parts of a message's `content`: a string, or pi-ai content blocks
 * (`text`, `image{data, mimeType}`, and in an assistant's message `thinking`
 * and `toolCall`, which {@link assistantParts} reads). A block of a type not
 * known here is kept as a notice with its JSON.
 */
export function contentParts(content: unknown): Part[] {
  if (isString(content)) return content.length > 0 ? [{type: 'text', text: content}] : []
  if (!Array.isArray(content)) return []
  const parts: Part[] = []
  for (const block of content) {
    const part = blockPart(block)
    if (part) parts.push(part)
  }
  return parts
}

/** The plain text of a content value (a tool's result), images described in their place. */
export function contentText(content: unknown): {text: string; attachments: AttachmentPart[]} {
  const attachments: AttachmentPart[] = []
  const texts: string[] = []
  for (const part of contentParts(content)) {
    if (part.type === 'text') texts.push(part.text)
    else if (part.type === 'attachment') {
      attachments.push(part)
      texts.push(`[${part.text}]`)
    }
  }
  return {text: texts.join('\n'), attachments}
}

function blockPart(block: unknown): Part | undefined {
  if (!isRecord(block)) return undefined
  switch (block['type']) {
    case 'text': {
      const text = stringOf(block['text'])
      return text ? {type: 'text', text} : undefined
    }
    case 'image':
      return imagePart(block)
    case 'thinking': {
      const text = stringOf(block['thinking']) ?? ''
      if (block['redacted'] === true) {
        return {type: 'notice', level: 'info', kind: 'redacted-thinking', text: 'Thinking kept only in redacted form'}
      }
      return text.trim().length > 0 ? {type: 'thinking', text} : undefined
    }
    default:
      return {
        type: 'notice',
        level: 'warning',
        kind: 'unknown-content',
        text: `Content block of unknown type ${JSON.stringify(block['type'] ?? null)}`,
        details: JSON.stringify(block, null, 2)
      }
  }
}

function imagePart(block: Record<string, unknown>): AttachmentPart {
  const mimeType = stringOf(block['mimeType'])
  const data = stringOf(block['data'])
  // Base64 holds 3 bytes in 4 characters, less its padding.
  const size = data === undefined ? undefined : Math.floor((data.length * 3) / 4) - (data.match(/=*$/)?.[0].length ?? 0)
  const text = [mimeType ?? 'image', size === undefined ? undefined : formatBytes(size)].filter(Boolean).join(', ')
  return {
    type: 'attachment',
    text,
    ...(mimeType ? {mimeType} : {}),
    ...(size === undefined ? {} : {size}),
    ...(data && /^[A-Za-z0-9+/_-]*={0,2}$/.test(data) ? {data} : {})
  }
}
