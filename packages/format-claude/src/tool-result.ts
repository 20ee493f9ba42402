import type {AttachmentPart, ToolResult} from '@chatmark/core/model'
import {isNumber, isRecord, isString, stringOf} from '@chatmark/core/model'
import type {ResultInfo} from './record-store.js'

/**
 * The note's view of a tool result: the `tool_result` block's text, or a
 * unified diff built from `toolUseResult.structuredPatch` (Edit, MultiEdit,
 * Write on an existing file) when the record has one.
 */
export function toolResult(info: ResultInfo): ToolResult {
  const isError = info.block['is_error'] === true
  const diff = isError ? undefined : patchText(info.rich)
  if (diff !== undefined) {
    const result: ToolResult = {text: diff.text, language: 'diff'}
    if (diff.fileName !== undefined) result.fileName = diff.fileName
    return result
  }
  const content = info.block['content']
  const result: ToolResult = {text: blocksText(content)}
  if (isError) result.isError = true
  const attachments = Array.isArray(content) ? content.filter(isFileBlock).map((block) => imageAttachment(block)) : []
  if (attachments.length > 0) result.attachments = attachments
  return result
}

/** An image or document block (an image a tool read, a PDF). */
function isFileBlock(block: unknown): block is Record<string, unknown> {
  return isRecord(block) && (block['type'] === 'image' || block['type'] === 'document')
}

/** Text of a string or of content blocks (text kept, images described). */
export function blocksText(content: unknown): string {
  if (isString(content)) return content
  if (!Array.isArray(content)) return ''
  const pieces: string[] = []
  for (const block of content) {
    if (!isRecord(block)) continue
    if (block['type'] === 'text' && isString(block['text'])) pieces.push(block['text'])
    else if (isFileBlock(block)) pieces.push(`[${imageAttachment(block, false).text}]`)
  }
  return pieces.join('\n')
}

/**
 * An image or document block as an attachment: its type and size, and its
 * bytes (`data`) when the block holds them as base64 (`source: {type:
 * "base64", media_type, data}`: a pasted screenshot, an image a tool read),
 * unless `withData` is false (only its description is wanted).
 */
export function imageAttachment(block: Record<string, unknown>, withData = true): AttachmentPart {
  const source = isRecord(block['source']) ? block['source'] : {}
  const kind = block['type'] === 'document' ? 'document' : 'image'
  const mimeType = stringOf(source['media_type'])
  const part: AttachmentPart = {type: 'attachment', text: kind}
  if (mimeType !== undefined) part.mimeType = mimeType
  const data = source['data']
  if (source['type'] === 'base64' && isString(data)) part.size = base64Size(data)
  const url = stringOf(source['url'])
  if (url !== undefined) part.reference = url
  const title = stringOf(block['title'])
  if (title !== undefined) part.name = title
  part.text = [mimeType ?? kind, part.size === undefined ? undefined : formatSize(part.size)].filter(Boolean).join(', ')
  // Last, so that a reader of the model as JSON meets what the file is before its bytes.
  if (withData && source['type'] === 'base64' && isString(data) && base64.test(data)) part.data = data
  return part
}

function patchText(rich: unknown): {text: string; fileName?: string} | undefined {
  if (!isRecord(rich) || !Array.isArray(rich['structuredPatch']) || rich['structuredPatch'].length === 0)
    return undefined
  const lines: string[] = []
  for (const hunk of rich['structuredPatch']) {
    if (!isRecord(hunk) || !Array.isArray(hunk['lines'])) return undefined
    const {oldStart, oldLines, newStart, newLines} = hunk
    if (isNumber(oldStart) && isNumber(oldLines) && isNumber(newStart) && isNumber(newLines)) {
      lines.push(`@@ -${oldStart},${oldLines} +${newStart},${newLines} @@`)
    }
    for (const line of hunk['lines']) if (isString(line)) lines.push(line)
  }
  const fileName = stringOf(rich['filePath'])
  return fileName === undefined ? {text: lines.join('\n')} : {text: lines.join('\n'), fileName}
}

/** Base64 as the API sends it: the standard alphabet, padded, no line breaks. */
const base64 = /^[A-Za-z0-9+/]*={0,2}$/

function base64Size(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0
  return Math.floor((data.length * 3) / 4) - padding
}

/** A byte count for people: `512 B`, `1.2 KB`, `3.4 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
