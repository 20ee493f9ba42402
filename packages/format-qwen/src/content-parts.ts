import type {AttachmentPart, Part, ThinkingPart, ToolCallPart} from '@chatmark/core/model'
import {isRecord, isString, stringOf} from '@chatmark/core/model'

/**
 * The parts of a record's Gemini `Content` (`message.parts[]`): text, thought
 * parts (`{text, thought: true}`, Qwen Code stores the model's
 * `reasoning_content` so), `functionCall` parts as tool calls without results,
 * and `inlineData` / `fileData` as attachments. Adjacent text parts are
 * joined, as the CLI joins them for display. `functionResponse` parts are
 * left to the tool_result record that holds them.
 */
export function contentParts(message: unknown): Part[] {
  if (!isRecord(message) || !Array.isArray(message['parts'])) return []
  const parts: Part[] = []
  let text = ''
  const flush = (): void => {
    if (text !== '') parts.push({type: 'text', text})
    text = ''
  }
  for (const item of message['parts']) {
    if (!isRecord(item)) continue
    if (isString(item['text'])) {
      if (item['thought'] === true) {
        flush()
        const thinking = thoughtPart(item['text'])
        if (thinking) parts.push(thinking)
      } else text += item['text']
      continue
    }
    const call = item['functionCall']
    if (isRecord(call) && isString(call['name']) && call['name'] !== '') {
      flush()
      parts.push(toolCall(call, call['name']))
      continue
    }
    const media = mediaPart(item)
    if (media) {
      flush()
      parts.push(media)
    }
    // Other parts (`thoughtSignature` alone, `functionResponse`) carry nothing a turn shows.
  }
  flush()
  return parts
}

/**
 * A thought as the CLI shows it (`packages/core/src/utils/thoughtUtils.ts`,
 * inherited from Gemini CLI): the text of the first `**...**` pair is the
 * subject, the rest the body.
 */
export function thoughtPart(raw: string): ThinkingPart | undefined {
  let subject = ''
  let body = raw
  const match = /\*\*([^*\n]+)\*\*/.exec(raw)
  if (match?.[1] && raw.slice(0, match.index).trim() === '') {
    subject = match[1].trim()
    body = raw.slice(match.index + match[0].length)
  }
  body = body.trim()
  if (!subject && !body) return undefined
  return {type: 'thinking', text: body, ...(subject ? {subject} : {})}
}

function toolCall(call: Record<string, unknown>, name: string): ToolCallPart {
  const input = call['args'] ?? {}
  const part: ToolCallPart = {type: 'tool-call', text: callLabel(input) ?? name, name, input}
  const id = stringOf(call['id'])
  if (id) part.id = id
  return part
}

/** The call's own one-line description (`run_shell_command` takes a `description`). */
function callLabel(input: unknown): string | undefined {
  if (!isRecord(input)) return undefined
  const description = stringOf(input['description'])?.trim()
  return description ? description.split('\n')[0] : undefined
}

function mediaPart(item: Record<string, unknown>): AttachmentPart | undefined {
  const inline = item['inlineData']
  const file = item['fileData']
  const data = isRecord(inline) ? inline : isRecord(file) ? file : undefined
  if (!data) return undefined
  const mimeType = stringOf(data['mimeType'])
  const part: AttachmentPart = {type: 'attachment', text: mimeType ?? (data === inline ? 'inline data' : 'file')}
  if (mimeType) part.mimeType = mimeType
  const base64 = stringOf(data['data'])
  // Decoded size without decoding: four base64 characters are three bytes.
  if (base64 !== undefined) part.size = Math.floor((base64.replace(/[^A-Za-z0-9+/_-]/g, '').length * 3) / 4)
  const uri = stringOf(data['fileUri'])
  if (uri) part.reference = uri
  const name = stringOf(data['displayName'])
  if (name) part.name = name
  // The bytes of inline data, last: a reader of the model as JSON meets what the file is first.
  if (data === inline && base64 !== undefined && base64Pattern.test(base64)) part.data = base64
  return part
}

/** Base64, in the standard or the URL-safe alphabet, without line breaks (as `AttachmentPart.data` holds it). */
const base64Pattern = /^[A-Za-z0-9+/_-]*={0,2}$/
