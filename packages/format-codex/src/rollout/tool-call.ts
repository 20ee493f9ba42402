import type {ToolCallPart} from '@chatmark/core/model'
import {isRecord, isString, stringOf} from '@chatmark/core/model'
import {isPatch, patchSummary} from '../apply-patch.js'
import {toolResult} from '../tool-result.js'
import {commandLine} from './command.js'
import type {RolloutState} from './state.js'
import {assistantPart} from './turns.js'

/**
 * A tool call (`function_call`, `custom_tool_call`, `local_shell_call`, `web_search_call`): a part in the
 * assistant turn, kept by `call_id` for its output. A second call with the same id updates the first.
 */
export function toolCall(
  state: RolloutState,
  callId: string | undefined,
  name: string,
  input: unknown,
  timestamp: string | undefined,
  status?: string
): void {
  let shownInput = input
  let summary = name
  let patch: string | undefined
  if (isString(input) && isPatch(input)) patch = input
  else if (isRecord(input) && isString(input['input']) && isPatch(input['input'])) patch = input['input']
  else if (
    isRecord(input) &&
    Array.isArray(input['command']) &&
    input['command'][0] === 'apply_patch' &&
    isString(input['command'][1])
  )
    patch = input['command'][1]
  if (patch) {
    // A patch reads best as a diff: it stands as the call's result until the output says otherwise.
    shownInput = undefined
    summary = patchSummary(patch) ?? name
    if (callId) state.patches.set(callId, patch)
  } else {
    summary = callSummary(name, input)
  }

  const existing = callId ? state.calls.get(callId) : undefined
  if (existing) {
    existing.name = name
    existing.input = shownInput
    existing.text = summary
    return
  }
  const part: ToolCallPart = {type: 'tool-call', text: summary, name, input: shownInput}
  if (callId) part.id = callId
  if (status && status !== 'completed') part.status = status
  if (patch) part.result = {text: patch.trim(), language: 'diff'}
  assistantPart(state, part, timestamp)
  if (callId) state.calls.set(callId, part)
}

/** A `function_call` item: its `arguments` are JSON in a string. */
export function functionCall(state: RolloutState, item: Record<string, unknown>, timestamp: string | undefined): void {
  const name = stringOf(item['name']) ?? 'function'
  const raw = stringOf(item['arguments'])
  toolCall(state, stringOf(item['call_id']), name, parseArguments(raw), timestamp)
}

/** A `local_shell_call` item: its argv as one command line. */
export function localShellCall(
  state: RolloutState,
  item: Record<string, unknown>,
  timestamp: string | undefined
): void {
  const action = isRecord(item['action']) ? item['action'] : {}
  const command = Array.isArray(action['command']) ? action['command'].filter(isString) : []
  const input: Record<string, unknown> = {command: commandLine(command)}
  const workdir = stringOf(action['working_directory'])
  if (workdir) input['workdir'] = workdir
  toolCall(state, stringOf(item['call_id']), 'local_shell', input, timestamp, stringOf(item['status']))
}

/** A `function_call_output` or `custom_tool_call_output` (MCP tools included): the result of its call. */
export function toolOutput(
  state: RolloutState,
  callId: string | undefined,
  output: unknown,
  name: string | undefined,
  timestamp: string | undefined
): void {
  const result = toolResult(output)
  const part = callId ? state.calls.get(callId) : undefined
  if (!part) {
    // An output no recorded call asked for stays visible, as a call known only by its result.
    const orphan: ToolCallPart = {
      type: 'tool-call',
      text: name ?? 'tool output',
      name: name ?? 'tool',
      input: undefined,
      result
    }
    if (callId) orphan.id = callId
    assistantPart(state, orphan, timestamp)
    return
  }
  const patch = callId ? state.patches.get(callId) : undefined
  const failed =
    result.isError === true ||
    part.result?.isError === true ||
    (patch !== undefined && /^(?:apply_patch verification failed|error|failed)/i.test(result.text.trim()))
  if (patch) {
    // The patch stays the result when it applied; a failure shows the error, then the patch.
    if (failed) part.result = {text: `${result.text.trim()}\n\n${patch.trim()}`, isError: true}
    return
  }
  if (failed) result.isError = true
  part.result = result
}

/** A `function_call`'s `arguments`: JSON in a string, parsed; left as the string when it is not JSON. */
function parseArguments(raw: string | undefined): unknown {
  if (raw === undefined || raw.trim() === '') return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return raw
  }
}

/** A one-line summary of a call: its command line, when it runs one. */
function callSummary(name: string, input: unknown): string {
  if (!isRecord(input)) return name
  const cmd = input['cmd'] ?? input['command']
  if (isString(cmd)) return cmd.split('\n', 1)[0] ?? name
  if (Array.isArray(cmd)) return commandLine(cmd.filter(isString))
  return name
}
