import type {ToolCallPart, ToolResult} from '@chatmark/core/model'
import {isRecord, isString, stringOf} from '@chatmark/core/model'
import type {FunctionResponse} from './content-parts.js'
import {contentParts} from './content-parts.js'
import {resultDisplay} from './result-display.js'

/**
 * A `toolCalls[]` entry as a tool-call part. The result is what the user saw
 * (`resultDisplay`), else the model-facing `functionResponse` in `result`.
 * `undefined` when the entry has no tool name.
 */
export function toolCallPart(record: unknown): ToolCallPart | undefined {
  if (!isRecord(record) || !isString(record['name'])) return undefined
  const name = record['name']
  const part: ToolCallPart = {
    type: 'tool-call',
    text: stringOf(record['description']) ?? name,
    name,
    input: record['args'] ?? {}
  }
  const id = stringOf(record['id'])
  if (id) part.id = id
  const displayName = stringOf(record['displayName'])
  if (displayName) part.displayName = displayName
  const status = stringOf(record['status'])
  if (status) part.status = status

  const result = resultDisplay(record['resultDisplay']) ?? recordedResult(record['result'])
  if (result) {
    if (status === 'error') result.isError = true
    part.result = result
  }
  return part
}

/**
 * The result of a call from a `functionResponse` (`{output}`, `{error}`, or a
 * plain string), with the text parts sent after it (see {@link FunctionResponse}).
 */
export function responseResult(response: FunctionResponse): ToolResult {
  const result = bodyResult(response.response)
  const extra = response.text?.trim()
  if (!extra) return result
  const own = result.text.trim()
  result.text = own === '' || own === genericSuccess ? extra : `${result.text}\n\n${extra}`
  return result
}

// What v0.1x put in the response when the output was in the parts after it.
const genericSuccess = 'Tool execution succeeded.'

function bodyResult(body: unknown): ToolResult {
  if (isRecord(body)) {
    if (body['error'] !== undefined) return {text: textOf(body['error']), isError: true}
    if (body['output'] !== undefined) return {text: textOf(body['output'])}
  }
  return {text: textOf(body)}
}

// `result` is a PartListUnion whose first part is normally the functionResponse;
// a plain string (or text parts alone) is what the tool returned. Media parts
// after it (an image `read_file` returned, as `inlineData`) are the files it carried.
function recordedResult(result: unknown): ToolResult | undefined {
  if (isString(result)) return result.trim() === '' ? undefined : {text: result}
  const {parts, responses} = contentParts(result)
  const attachments = parts.filter((part) => part.type === 'attachment')
  const [response] = responses
  const text = parts
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('\n')
    .trim()
  const recorded = response ? responseResult(response) : text === '' ? undefined : {text}
  if (recorded && attachments.length > 0) recorded.attachments = attachments
  return recorded
}

function textOf(value: unknown): string {
  if (isString(value)) return value
  if (value === undefined || value === null) return ''
  return JSON.stringify(value, null, 2)
}
