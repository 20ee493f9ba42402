import type {NoticePart, Part, Turn} from '@chatmark/core/model'
import {modelParticipant, userParticipant} from '@chatmark/core/model'
import type {CopilotEvent} from '../types.js'
import type {SessionState, SubagentTimeline, Timeline} from './state.js'

/** The note's two participants. */
export const user = userParticipant()
export const model = modelParticipant('copilot', 'Copilot')

/** The timeline of an event: a sub-agent's when it names one (`agentId`, or the deprecated `parentToolCallId`). */
export function timelineOf(state: SessionState, event: CopilotEvent): Timeline {
  const parentCall = typeof event.data['parentToolCallId'] === 'string' ? event.data['parentToolCallId'] : undefined
  const key = event.agentId ?? parentCall
  if (key === undefined) return state.main
  return subagentTimeline(state, key, parentCall)
}

/** A sub-agent's timeline, made on its first event. */
export function subagentTimeline(state: SessionState, key: string, toolCallId?: string): SubagentTimeline {
  let timeline = state.subagents.get(key)
  if (!timeline) {
    timeline = {turns: []}
    state.subagents.set(key, timeline)
  }
  if (toolCallId && !timeline.toolCallId) timeline.toolCallId = toolCallId
  return timeline
}

/** A turn with the event's id and time. */
export function turnOf(role: Turn['role'], event: CopilotEvent, parts: Part[]): Turn {
  const turn: Turn = {role, parts}
  if (role === 'user') turn.author = user.id
  if (role === 'assistant') turn.author = model.id
  if (event.id) turn.id = event.id
  if (event.timestamp) turn.timestamp = event.timestamp
  return turn
}

/** Adds a part to the timeline's open assistant turn, opening one when none is. */
export function assistantPart(state: SessionState, timeline: Timeline, event: CopilotEvent, part: Part): Turn {
  let open = timeline.open
  if (!open) {
    open = turnOf('assistant', event, [])
    const messageModel = typeof event.data['model'] === 'string' ? event.data['model'] : undefined
    const turnModel = messageModel ?? state.currentModel
    if (turnModel) open.model = turnModel
    timeline.turns.push(open)
    timeline.open = open
  }
  open.parts.push(part)
  return open
}

/** A notice in a system turn of its own; it closes the open assistant turn. */
export function notice(timeline: Timeline, event: CopilotEvent, part: NoticePart): void {
  timeline.open = undefined
  timeline.turns.push(turnOf('system', event, [part]))
}
