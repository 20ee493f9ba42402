import type {ToolCallPart, ToolResult} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'

/** Statuses of `toolFormerData` that say the call failed (Cursor writes `completed`, `error`, `cancelled`...). */
const failed = new Set(['error', 'failed'])

/**
 * A bubble's `toolFormerData` as a tool call: `name` (`read_file`,
 * `run_terminal_command_v2`, `edit_file_v2`...), `params` or else `rawArgs`
 * (JSON in a string), `result` (JSON in a string), `status`, `toolCallId`.
 * Field list: specstoryai/getspecstory specstory-cli/pkg/providers/cursoride/types.go
 * (`BubbleConversation`), S2thend/cursor-history; the numeric `tool` is
 * Cursor's enum for the same name, kept in nothing.
 */
export function toolFormerCall(data: Record<string, unknown>): ToolCallPart {
  const name = stringOf(data['name']) || 'tool'
  const input = jsonString(data['params']) ?? jsonString(data['rawArgs'])
  const status = stringOf(data['status'])
  const call: ToolCallPart = {type: 'tool-call', text: name, name}
  const id = stringOf(data['toolCallId'])
  if (id) call.id = id
  if (input !== undefined) call.input = input
  if (status) call.status = status
  const result = toolResult(data, status)
  if (result) call.result = result
  return call
}

function toolResult(data: Record<string, unknown>, status: string | undefined): ToolResult | undefined {
  const error = stringOf(data['error'])
  const raw = data['result']
  if (raw === undefined || raw === null || raw === '') {
    return error ? {text: error, isError: true} : undefined
  }
  const value = jsonString(raw)
  const result = resultText(value)
  if (error || (status !== undefined && failed.has(status))) result.isError = true
  if (error && !result.text.includes(error)) result.text = `${error}\n${result.text}`
  return result
}

/** What a result shows: a shell's output, a file's contents, a diff's lines, else the JSON as it was stored. */
function resultText(value: unknown): ToolResult {
  if (typeof value === 'string') return {text: value}
  if (isRecord(value)) {
    const output = stringOf(value['output']) ?? stringOf(value['contents'])
    if (output !== undefined) {
      const exit = value['exitCode']
      return typeof exit === 'number' && exit !== 0 ? {text: `${output}\n(exit code ${exit})`} : {text: output}
    }
    const diff = diffText(value['diff'])
    if (diff) return {text: diff, language: 'diff'}
  }
  return {text: JSON.stringify(value, null, 2), language: 'json'}
}

/** `edit_file` results: `{diff: {chunks: [{diffString}]}}`. */
function diffText(diff: unknown): string | undefined {
  if (!isRecord(diff) || !Array.isArray(diff['chunks'])) return undefined
  const chunks = diff['chunks'].map((chunk) => (isRecord(chunk) ? stringOf(chunk['diffString']) : undefined))
  const kept = chunks.filter((chunk): chunk is string => chunk !== undefined)
  return kept.length > 0 ? kept.join('\n') : undefined
}

/** A string holding JSON, parsed; any other string as it is; a value that is no string, as it is. */
export function jsonString(value: unknown): unknown {
  if (typeof value !== 'string') return value === null ? undefined : value
  if (value === '') return undefined
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}
