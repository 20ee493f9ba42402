import type {ToolResult} from '@chatmark/core/model'
import {isRecord, isString, stringOf} from '@chatmark/core/model'

/** What a `tool_result` record says about one call. */
export interface RecordedResult {
  /** The id of the call it answers (`toolCallResult.callId`, else the `functionResponse` id). */
  callId?: string
  /** The tool's name, from the `functionResponse`. */
  name?: string
  /** `toolCallResult.status` (`success`, `error`, `cancelled`). */
  status?: string
  /** The result to show under the call. */
  result: ToolResult
}

/**
 * Reads a `tool_result` record: `message.parts[]` holds the model-facing
 * `functionResponse` (`response.output` or `response.error`), and
 * `toolCallResult` what the CLI showed (`resultDisplay`, `status`; see
 * `ToolCallResponseInfo` in `packages/core/src/core/turn.ts`). The note shows
 * a file diff as a diff and a shell result's own output (`shell_result`, 0.24),
 * else what the model was given, which is complete where `resultDisplay` is
 * often a one-line summary ("Found 2 matching file(s)").
 */
export function recordedResult(record: Record<string, unknown>): RecordedResult {
  const info = isRecord(record['toolCallResult']) ? record['toolCallResult'] : {}
  const response = functionResponse(record['message'])
  const status = stringOf(info['status'])
  const callId = stringOf(info['callId']) ?? (response ? stringOf(response['id']) : undefined)
  const name = response ? stringOf(response['name']) : undefined
  const result = displayResult(info['resultDisplay']) ?? responseResult(response?.['response'], info['resultDisplay'])
  if (status === 'error' || status === 'cancelled') result.isError = true
  return {...(callId ? {callId} : {}), ...(name ? {name} : {}), ...(status ? {status} : {}), result}
}

function functionResponse(message: unknown): Record<string, unknown> | undefined {
  if (!isRecord(message) || !Array.isArray(message['parts'])) return undefined
  for (const part of message['parts']) {
    if (isRecord(part) && isRecord(part['functionResponse'])) return part['functionResponse']
  }
  return undefined
}

function displayResult(display: unknown): ToolResult | undefined {
  if (!isRecord(display)) return undefined
  if (isString(display['fileDiff'])) {
    const fileName = stringOf(display['fileName'])
    return {text: display['fileDiff'], language: 'diff', ...(fileName ? {fileName} : {})}
  }
  if (display['type'] === 'shell_result' && isString(display['output'])) return {text: display['output']}
  return undefined
}

/** The result the model was given (`functionResponse.response`), else what the CLI showed. */
export function responseResult(response: unknown, display: unknown): ToolResult {
  if (isRecord(response)) {
    if (response['error'] !== undefined) return {text: textOf(response['error']), isError: true}
    if (response['output'] !== undefined) return {text: textOf(response['output'])}
  }
  if (isString(display) && display.trim() !== '') return {text: display}
  return {text: textOf(response)}
}

function textOf(value: unknown): string {
  if (isString(value)) return value
  if (value === undefined || value === null) return ''
  return JSON.stringify(value, null, 2)
}
