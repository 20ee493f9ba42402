import {stringOf} from '@chatmark/core/model'
import type {CopilotEvent} from '../types.js'
import type {SessionState} from './state.js'
import {notice, subagentTimeline, timelineOf} from './timeline.js'

/**
 * `subagent.started`: a sub-agent began, for the tool call `toolCallId` (the `task` tool): its events (those with
 * its `agentId`) become turns shown under that call.
 */
export function subagentStarted(state: SessionState, event: CopilotEvent): void {
  const toolCallId = stringOf(event.data['toolCallId'])
  const name = stringOf(event.data['agentDisplayName']) ?? stringOf(event.data['agentName'])
  // The event is the parent's, or the sub-agent's own (with its `agentId`): either way it ties the two together.
  const key = event.agentId ?? toolCallId
  if (!key) return
  const timeline = subagentTimeline(state, key, toolCallId)
  if (name && !timeline.name) timeline.name = name
  const call = toolCallId ? state.calls.get(toolCallId) : undefined
  if (call && name && !call.displayName) call.displayName = name
}

/** `subagent.completed` and `subagent.failed`: the call's status, and the error when it failed. */
export function subagentEnded(state: SessionState, event: CopilotEvent): void {
  const toolCallId = stringOf(event.data['toolCallId'])
  const call = toolCallId ? state.calls.get(toolCallId) : undefined
  if (!call) return
  if (event.type === 'subagent.failed') {
    call.status = 'error'
    const error = stringOf(event.data['error'])
    if (error && !call.result) call.result = {text: error, isError: true}
  } else if (event.data['cancelled'] === true) {
    call.status = 'cancelled'
  }
}

/** `subagent.selected`: the user picked a custom agent to answer. */
export function subagentSelected(state: SessionState, event: CopilotEvent): void {
  const name = stringOf(event.data['agentDisplayName']) ?? stringOf(event.data['agentName'])
  notice(timelineOf(state, event), event, {type: 'notice', level: 'info', kind: 'agent', ...(name ? {name} : {})})
}
