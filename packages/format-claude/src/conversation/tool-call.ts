import type {ToolCallPart, Turn} from '@chatmark/core/model'
import {isRecord, isString, stringOf} from '@chatmark/core/model'
import {stripTrailingReminders} from '../harness-text.js'
import {blocksText, toolResult} from '../tool-result.js'
import {contentBlocks} from './message-content.js'
import type {BuildState} from './state.js'
import {count} from './state.js'
import {subagentTurns} from './subagent-turns.js'

/** A tool call that may carry the turns of the subagent it started (`ToolCallPart.subagent` in core). */
type SubagentToolCall = ToolCallPart & {subagent?: Turn[]}

const subagentToolNames = new Set(['Task', 'Agent'])

/**
 * A `tool_use` or `server_tool_use` block as a tool call, with its result: the
 * `tool_result` that answers it anywhere in the file (a diff for an Edit's
 * `toolUseResult`), else a server tool's result in the same message. With
 * `subagents`, a Task / Agent call carries its subagent's turns (on the
 * thread, in an abandoned branch, and in a subagent that started one of its own).
 */
export function toolCall(
  state: BuildState,
  block: Record<string, unknown>,
  serverResults: Map<string, Record<string, unknown>>
): ToolCallPart {
  const id = stringOf(block['id'])
  const name = stringOf(block['name']) ?? 'tool'
  const input = block['input'] ?? {}
  const description = isRecord(input) ? stringOf(input['description']) : undefined
  const call: SubagentToolCall = {type: 'tool-call', text: description ?? name, name, input}
  if (id !== undefined) {
    call.id = id
    const info = state.store.results.get(id)
    const server = serverResults.get(id)
    if (info) {
      call.result = toolResult(info)
      // Harness text, as in prompts: counted, and kept in the result only with `keepMeta`.
      const {text, count: reminders} = stripTrailingReminders(call.result.text)
      if (reminders > 0) {
        count(state, 'system-reminder', reminders)
        if (!state.settings.keepMeta) call.result.text = text
      }
      call.status = info.block['is_error'] === true ? 'error' : 'success'
    } else if (server) {
      call.result = {
        text: blocksText(server['content']) || JSON.stringify(server['content'] ?? null, null, 2),
        language: isString(server['content']) ? 'text' : 'json'
      }
    }
    if (state.settings.subagents && subagentToolNames.has(name)) {
      const turns = subagentTurns(state, id, input, info)
      if (turns) call.subagent = turns
    }
  }
  return call
}

/** Results of server tools (`web_search_tool_result`, ...) in an API message's records, by tool_use id. */
export function serverResultsOf(members: Array<Record<string, unknown>>): Map<string, Record<string, unknown>> {
  const serverResults = new Map<string, Record<string, unknown>>()
  for (const member of members) {
    for (const block of contentBlocks(member)) {
      if (isString(block['type']) && block['type'].endsWith('_tool_result') && isString(block['tool_use_id']))
        serverResults.set(block['tool_use_id'], block)
    }
  }
  return serverResults
}
