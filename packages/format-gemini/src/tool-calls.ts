import type {ToolCallPart, ToolResult} from '@chatmark/core/model'
import {isRecord, isString, stringOf} from '@chatmark/core/model'
import type {FunctionResponse} from './content-parts.js'
import {partItems} from './content-parts.js'
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

/** The result of a call from a `functionResponse` (`{output}` or `{error}`). */
export function responseResult(response: FunctionResponse): ToolResult {
  const body = response.response
  if (isRecord(body)) {
    if (body['error'] !== undefined) return {text: textOf(body['error']), isError: true}
    if (body['output'] !== undefined) return {text: textOf(body['output'])}
  }
  return {text: textOf(body)}
}

// `result` is a PartListUnion whose first part is normally the functionResponse;
// a plain string is wrapped by the CLI as `{output: string}`.
function recordedResult(result: unknown): ToolResult | undefined {
  if (isString(result)) return {text: result}
  for (const item of partItems(result)) {
    if (isRecord(item) && isRecord(item['functionResponse'])) {
      const response = item['functionResponse']
      return responseResult({name: stringOf(response['name']) ?? 'tool', response: response['response']})
    }
  }
  return undefined
}

function textOf(value: unknown): string {
  if (isString(value)) return value
  if (value === undefined || value === null) return ''
  return JSON.stringify(value, null, 2)
}
