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

  // The model-facing copy is read only when the display is missing or may only sum it up (see `mayBeSummary`).
  const shown = resultDisplay(record['resultDisplay'])
  const summary = shown !== undefined && mayBeSummary(shown, name)
  const recorded = shown === undefined || summary ? recordedResult(record['result']) : undefined
  const result = summary && recorded && isLongerOutput(recorded, shown) ? recorded : (shown ?? recorded)
  if (result) {
    if (status === 'error') result.isError = true
    part.result = result
  }
  return part
}

/**
 * Whether what the user saw may be a one-line account of a longer output:
 * before v0.40 `list_directory`, `glob` and `search_file_content` showed only
 * `Listed 2 item(s).` or `Found 3 matches`, while the model got the listing or
 * the matches, which the note then shows instead (see `isLongerOutput`). A
 * shell command's display is its output, however short, and its model-facing
 * text a wrapper around it.
 */
export function mayBeSummary(shown: ToolResult, name: unknown): boolean {
  return name !== 'run_shell_command' && shown.language === undefined && !shown.text.includes('\n')
}

/** Whether the model-facing output says more than a one-line display: it has lines of its own, and is longer. */
function isLongerOutput(recorded: ToolResult, shown: ToolResult): boolean {
  return recorded.text.includes('\n') && recorded.text.length > shown.text.length
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
