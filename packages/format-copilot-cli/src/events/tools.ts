import type {ToolCallPart, ToolResult} from '@chatmark/core/model'
import {isRecord, numberOf, stringOf} from '@chatmark/core/model'
import type {CopilotEvent} from '../types.js'
import {argumentsOf, summaryOf} from './assistant-message.js'
import type {SessionState} from './state.js'
import {assistantPart, timelineOf, turnOf} from './timeline.js'

/**
 * `tool.execution_start`: the call as it ran. Usually the message that asked for it came first (its
 * `toolRequests`); a call no message named (a sub-agent's, or one whose message was cut off) joins the open turn.
 */
export function toolStart(state: SessionState, event: CopilotEvent): void {
  const id = stringOf(event.data['toolCallId'])
  const known = id ? state.calls.get(id) : undefined
  const input = argumentsOf(event.data['arguments'])
  if (known) {
    if (known.input === undefined && input !== undefined) known.input = input
    return
  }
  if (id && state.userCommands.has(id)) return
  const call = newCall(event, input)
  if (id) state.calls.set(id, call)
  assistantPart(state, timelineOf(state, event), event, call)
}

/**
 * `tool.user_requested`: a command the user ran from the prompt (`!ls -1`, tool `local_shell`): a shell-command
 * notice in a user turn; its output, from the `tool.execution_complete` that follows, a turn of its own.
 */
export function userRequested(state: SessionState, event: CopilotEvent): void {
  const timeline = timelineOf(state, event)
  const id = stringOf(event.data['toolCallId'])
  if (id) state.userCommands.add(id)
  const args = argumentsOf(event.data['arguments'])
  const command = isRecord(args) ? stringOf(args['command']) : undefined
  timeline.open = undefined
  timeline.turns.push(
    turnOf('user', event, [{type: 'notice', level: 'info', kind: 'shell-command', ...(command ? {command} : {})}])
  )
}

/**
 * `tool.execution_complete`: the result (`result.detailedContent`, what the CLI shows, else `result.content`,
 * what the model got) or the error, on the call with its `toolCallId`.
 */
export function toolComplete(state: SessionState, event: CopilotEvent): void {
  const {data} = event
  const id = stringOf(data['toolCallId'])
  const result = resultOf(data)
  if (id && (state.userCommands.has(id) || data['isUserRequested'] === true)) {
    const timeline = timelineOf(state, event)
    const exitCode = isRecord(data['shellExecution']) ? numberOf(data['shellExecution']['exitCode']) : undefined
    timeline.open = undefined
    timeline.turns.push(
      turnOf('tool', event, [
        {
          type: 'code',
          text: result?.text ?? '',
          language: 'text',
          execution: exitCode !== undefined ? {outcome: `exit code ${exitCode}`} : {}
        }
      ])
    )
    return
  }
  let call = id ? state.calls.get(id) : undefined
  if (!call) {
    call = newCall(event, argumentsOf(data['arguments']))
    if (id) state.calls.set(id, call)
    assistantPart(state, timelineOf(state, event), event, call)
  }
  if (result) call.result = result
  call.status = data['success'] === false ? 'error' : 'success'
}

function newCall(event: CopilotEvent, input: unknown): ToolCallPart {
  const name = stringOf(event.data['toolName']) ?? stringOf(event.data['mcpToolName']) ?? 'tool'
  const title = stringOf(event.data['toolTitle'])
  const call: ToolCallPart = {type: 'tool-call', text: summaryOf(input, title, name), name}
  const id = stringOf(event.data['toolCallId'])
  if (id) call.id = id
  if (title && title !== call.text) call.displayName = title
  if (input !== undefined) call.input = input
  return call
}

function resultOf(data: Record<string, unknown>): ToolResult | undefined {
  const failed = data['success'] === false
  const error = isRecord(data['error']) ? stringOf(data['error']['message']) : stringOf(data['error'])
  const result = isRecord(data['result']) ? data['result'] : undefined
  const text = stringOf(result?.['detailedContent']) || stringOf(result?.['content']) || stringOf(data['result'])
  if (text === undefined && error === undefined) return failed ? {text: '', isError: true} : undefined
  const both = text !== undefined && error !== undefined && !text.includes(error)
  // `view` shows a file as a diff that starts with a blank line (1.0.20): the line is the CLI's layout, not output.
  const shown = (both ? `${error}\n\n${text}` : (text ?? error)!).replace(/^\n+(?=diff --git )/, '')
  const toolResult: ToolResult = {text: shown}
  if (failed) toolResult.isError = true
  if (/^(?:diff --git |--- \S|@@ )/.test(shown)) toolResult.language = 'diff'
  return toolResult
}
