import type {Fidelity, Part, ToolCallPart, Turn} from '@chatmark/core/model'
import {stringOf} from '@chatmark/core/model'
import {timeOfEpoch} from './epoch-time.js'
import type {UiMessage} from './ui-message.js'
import {textJson} from './ui-message.js'
import {uiNotice} from './ui-notices.js'
import {mirrored} from './ui-summary.js'

/**
 * The turns of a task that has only its `ui_messages.json` (its api history
 * lost, or a ui file read alone): what the person saw, in order. The task
 * and feedback are the person's turns; text, reasoning, tools, commands with
 * their output and the completion are the assistant's, one turn per request
 * (`api_req_started`), with its tokens.
 */
export function uiTurns(messages: readonly UiMessage[], fidelity: Fidelity): Turn[] {
  const turns: Turn[] = []
  let assistant: Turn | undefined
  let command: ToolCallPart | undefined
  const say = (part: Part, message: UiMessage): void => {
    if (!assistant) {
      assistant = {role: 'assistant', parts: []}
      stamp(assistant, message)
      turns.push(assistant)
    }
    if (message.model) assistant.model ??= message.model
    assistant.parts.push(part)
  }
  for (const message of messages) {
    if (message.partial) {
      fidelity['partial-ui-message'] = (fidelity['partial-ui-message'] ?? 0) + 1
      continue
    }
    const text = message.text?.trim() ?? ''
    switch (message.kind) {
      case 'task':
      case 'user_feedback': {
        const turn: Turn = {role: 'user', parts: text ? [{type: 'text', text}] : []}
        for (const image of message.images) turn.parts.push({type: 'attachment', text: 'Image', reference: image})
        stamp(turn, message)
        if (turn.parts.length > 0) turns.push(turn)
        assistant = undefined
        break
      }
      case 'api_req_started': {
        assistant = {role: 'assistant', parts: []}
        stamp(assistant, message)
        const data = textJson(message)
        const input = typeof data['tokensIn'] === 'number' ? data['tokensIn'] : undefined
        const output = typeof data['tokensOut'] === 'number' ? data['tokensOut'] : undefined
        if (input !== undefined || output !== undefined) assistant.tokens = {input: input ?? 0, output: output ?? 0}
        turns.push(assistant)
        break
      }
      case 'text':
      case 'completion_result':
        if (message.type === 'say' && text) say({type: 'text', text}, message)
        break
      case 'reasoning':
        if (text) say({type: 'thinking', text}, message)
        break
      case 'followup': {
        const question = stringOf(textJson(message)['question']) ?? text
        if (question) say({type: 'text', text: question}, message)
        break
      }
      case 'tool': {
        const data = textJson(message)
        const name = stringOf(data['tool']) ?? 'tool'
        say({type: 'tool-call', text: name, name, input: data}, message)
        break
      }
      case 'command':
        command = {type: 'tool-call', text: 'execute_command', name: 'execute_command', input: {command: text}}
        say(command, message)
        break
      case 'command_output':
        if (command) command.result = {text: `${command.result?.text ?? ''}${message.text ?? ''}`}
        break
      case 'use_mcp_server': {
        const data = textJson(message)
        const name = [stringOf(data['serverName']), stringOf(data['toolName'] ?? data['uri'])].filter(Boolean).join('/')
        command = {type: 'tool-call', text: name || 'use_mcp_server', name: name || 'use_mcp_server', input: data}
        say(command, message)
        break
      }
      case 'mcp_server_response':
        if (command) command.result = {text: message.text ?? ''}
        break
      default: {
        const notice = uiNotice(message)
        if (notice) say(notice, message)
        // A kind no one knows is counted and reported by `uiSummary`; one known but not shown here, here.
        else if (mirrored.has(message.kind) && !quiet.has(message.kind)) {
          const key = `ui-${message.type}-${message.kind || 'none'}`
          fidelity[key] = (fidelity[key] ?? 0) + 1
        }
      }
    }
  }
  return turns.filter((turn) => turn.parts.length > 0)
}

/** Records with nothing to show on their own: approvals, checkpoints, the checklist, request bookkeeping. */
const quiet = new Set([
  'checkpoint_created',
  'task_progress',
  'api_req_finished',
  'api_req_retried',
  'resume_task',
  'resume_completed_task',
  'completion_result',
  'tool',
  'command',
  'shell_integration_warning',
  'mcp_server_request_started'
])

function stamp(turn: Turn, message: UiMessage): void {
  const time = timeOfEpoch(message.ts)
  if (time) turn.timestamp = time
}
