import type {AttachmentPart, CodePart, Part, ThinkingPart, ToolCallPart} from '@chatmark/core/model'
import {isRecord, isString, stringOf} from '@chatmark/core/model'
import {formatBytes} from '@chatmark/core/read'

/** A `functionResponse` part: a tool's answer, paired with its call by `id`. */
export interface FunctionResponse {
  id?: string
  name: string
  response: unknown
  /**
   * Text parts sent after the response, which up to v0.1x carried a tool's
   * output when it returned parts (`convertToFunctionResponse` in
   * `packages/core/src/core/coreToolScheduler.ts` at v0.5.5: the response says
   * only `Tool execution succeeded.`).
   */
  text?: string
}

/** Content turned into model parts, with the tool responses it carried. */
export interface ContentPieces {
  /** Text, thinking, attachments and code, in order; `functionCall` parts as tool calls without results. */
  parts: Part[]
  responses: FunctionResponse[]
}

/**
 * The items of a PartListUnion: `content` is a string, one Part, or a list of
 * strings and Parts (`@google/genai`; pre-v0.4 files always used a string).
 */
export function partItems(content: unknown): unknown[] {
  if (content === undefined || content === null) return []
  return Array.isArray(content) ? content : [content]
}

/** Turns message content into parts. Adjacent text parts are joined, as the CLI joins them for display. */
export function contentParts(content: unknown): ContentPieces {
  const parts: Part[] = []
  const responses: FunctionResponse[] = []
  let text = ''
  // The response that text parts right after it belong to.
  let response: FunctionResponse | undefined
  const flush = (): void => {
    if (text !== '') parts.push({type: 'text', text})
    text = ''
  }

  for (const item of partItems(content)) {
    const plain = isString(item) ? item : isRecord(item) && isString(item['text']) ? item['text'] : undefined
    if (response && plain !== undefined && !(isRecord(item) && item['thought'] === true)) {
      response.text = response.text === undefined ? plain : `${response.text}\n${plain}`
      continue
    }
    if (!isRecord(item) || !isRecord(item['functionResponse'])) response = undefined
    if (isString(item)) {
      text += item
      continue
    }
    if (!isRecord(item)) continue
    if (isString(item['text'])) {
      if (item['thought'] === true) {
        flush()
        const thinking = thoughtPart(item['text'])
        if (thinking) parts.push(thinking)
      } else {
        text += item['text']
      }
      continue
    }
    const call = item['functionCall']
    if (isRecord(call) && isString(call['name'])) {
      flush()
      const part: ToolCallPart = {type: 'tool-call', text: call['name'], name: call['name'], input: call['args'] ?? {}}
      const id = stringOf(call['id'])
      if (id) part.id = id
      parts.push(part)
      continue
    }
    const body = item['functionResponse']
    if (isRecord(body)) {
      const id = stringOf(body['id'])
      response = {...(id ? {id} : {}), name: stringOf(body['name']) ?? 'tool', response: body['response']}
      responses.push(response)
      continue
    }
    const media = mediaPart(item)
    if (media) {
      flush()
      parts.push(media)
      continue
    }
    const code = codePart(item)
    if (code !== undefined) {
      flush()
      parts.push(code)
    }
    // Other parts (`thoughtSignature` alone, `videoMetadata`) carry nothing to read.
  }
  flush()
  return {parts, responses}
}

/**
 * A thought summary split as the CLI splits it (`thoughtUtils.ts`): the text
 * of the first `**...**` pair is the subject, the rest the description.
 */
export function thoughtPart(raw: string, subject?: string): ThinkingPart | undefined {
  let title = subject?.trim() ?? ''
  let body = raw
  if (subject === undefined) {
    const match = /\*\*(.+?)\*\*/s.exec(raw)
    if (match?.[1]) {
      title = match[1].trim()
      body = raw.slice(0, match.index) + raw.slice(match.index + match[0].length)
    }
  }
  body = body.trim()
  if (!title && !body) return undefined
  const part: ThinkingPart = {type: 'thinking', text: body}
  if (title) part.subject = title
  return part
}

function mediaPart(item: Record<string, unknown>): AttachmentPart | undefined {
  const inline = item['inlineData']
  if (isRecord(inline)) {
    const mimeType = stringOf(inline['mimeType'])
    const data = stringOf(inline['data'])
    const part: AttachmentPart = {type: 'attachment', text: mimeType ?? 'inline data'}
    if (mimeType) part.mimeType = mimeType
    if (data !== undefined) {
      part.size = base64Bytes(data)
      part.text = `${mimeType ?? 'inline data'}, ${formatBytes(part.size)}`
    }
    const name = stringOf(inline['displayName'])
    if (name) part.name = name
    // The bytes, last: a reader of the model as JSON meets what the file is first.
    if (data !== undefined && base64.test(data)) part.data = data
    return part
  }
  const file = item['fileData']
  if (isRecord(file)) {
    const mimeType = stringOf(file['mimeType'])
    const part: AttachmentPart = {type: 'attachment', text: mimeType ?? 'file'}
    if (mimeType) part.mimeType = mimeType
    const uri = stringOf(file['fileUri'])
    if (uri) part.reference = uri
    const name = stringOf(file['displayName'])
    if (name) part.name = name
    return part
  }
  return undefined
}

/**
 * An `executableCode` part as code in its language, and a `codeExecutionResult`
 * as the output it printed: a code part with `execution` (the outcome, when recorded).
 */
function codePart(item: Record<string, unknown>): CodePart | undefined {
  const executable = item['executableCode']
  if (isRecord(executable) && isString(executable['code'])) {
    // The API names languages in capitals (`PYTHON`); info strings are lower case.
    const language = (stringOf(executable['language']) ?? '').toLowerCase().replace(/^language_unspecified$/, '')
    return {type: 'code', text: executable['code'], ...(language ? {language} : {})}
  }
  const result = item['codeExecutionResult']
  if (isRecord(result)) {
    const outcome = stringOf(result['outcome'])
    const output = stringOf(result['output']) ?? ''
    return {type: 'code', text: output, language: 'text', execution: outcome ? {outcome} : {}}
  }
  return undefined
}

/** Base64, in the standard or the URL-safe alphabet, without line breaks (as `AttachmentPart.data` holds it). */
const base64 = /^[A-Za-z0-9+/_-]*={0,2}$/

/** Decoded size of base64 data, without decoding it. */
function base64Bytes(data: string): number {
  const clean = data.replace(/[^A-Za-z0-9+/_-]/g, '')
  return Math.floor((clean.length * 3) / 4)
}
