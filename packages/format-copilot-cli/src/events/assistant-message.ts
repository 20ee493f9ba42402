import type {TokenCounts, ToolCallPart, Turn} from '@chatmark/core/model'
import {addTokens, isRecord, numberOf, stringOf} from '@chatmark/core/model'
import type {CopilotEvent} from '../types.js'
import type {SessionState} from './state.js'
import {count, useModel} from './state.js'
import {assistantPart, timelineOf} from './timeline.js'

/**
 * `assistant.message`: one model response: its reasoning (`reasoningText`), its text (`content`), then the tool
 * calls it asked for (`toolRequests`), all in the open assistant turn, so that one prompt's answer is one turn.
 */
export function assistantMessage(state: SessionState, event: CopilotEvent): void {
  const timeline = timelineOf(state, event)
  const {data} = event
  useModel(state, stringOf(data['model']))
  let turn: Turn | undefined
  const reasoning = stringOf(data['reasoningText'])
  if (reasoning?.trim() && !hasThinking(timeline.open, reasoning)) {
    turn = assistantPart(state, timeline, event, {type: 'thinking', text: reasoning})
  } else if (!reasoning && (stringOf(data['encryptedContent']) || stringOf(data['reasoningOpaque']))) {
    // Encrypted reasoning (OpenAI `encryptedContent`, Anthropic `reasoningOpaque`) is bound to the session: not text.
    count(state, 'encrypted-reasoning')
  }
  const content = stringOf(data['content'])
  if (content?.trim()) turn = assistantPart(state, timeline, event, {type: 'text', text: content})
  const requests = data['toolRequests']
  if (Array.isArray(requests)) {
    for (const request of requests) {
      const call = toolRequest(request)
      if (!call) continue
      const known = call.id ? state.calls.get(call.id) : undefined
      if (known) continue
      if (call.id) state.calls.set(call.id, call)
      turn = assistantPart(state, timeline, event, call)
    }
  }
  turn ??= timeline.open
  const pending = state.pendingUsage
  if (turn && pending && (!pending.apiCallId || pending.apiCallId === stringOf(data['apiCallId']))) {
    turn.tokens ??= {}
    addTokens(turn.tokens, pending.tokens)
    state.pendingUsage = undefined
  }
}

/** `assistant.reasoning` (and the older `assistant.thinking`): reasoning streamed before the message that has it. */
export function assistantReasoning(state: SessionState, event: CopilotEvent): void {
  const timeline = timelineOf(state, event)
  const text = stringOf(event.data['content'])
  if (text?.trim() && !hasThinking(timeline.open, text)) assistantPart(state, timeline, event, {type: 'thinking', text})
}

function hasThinking(turn: Turn | undefined, text: string): boolean {
  return turn?.parts.some((part) => part.type === 'thinking' && part.text.trim() === text.trim()) === true
}

/** One of `toolRequests`: a tool call, its arguments parsed when the VS Code extension wrote them as a JSON string. */
function toolRequest(value: unknown): ToolCallPart | undefined {
  if (!isRecord(value)) return undefined
  const name = stringOf(value['name'])
  if (!name) return undefined
  const input = argumentsOf(value['arguments'])
  const title = stringOf(value['toolTitle'])
  const call: ToolCallPart = {type: 'tool-call', text: summaryOf(input, title, name), name}
  const id = stringOf(value['toolCallId'])
  if (id) call.id = id
  if (title && title !== call.text) call.displayName = title
  if (input !== undefined) call.input = input
  return call
}

/** The call's arguments: an object as written, or the JSON a string holds (the VS Code extension's transcripts). */
export function argumentsOf(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    const parsed: unknown = JSON.parse(value)
    return isRecord(parsed) ? parsed : value
  } catch {
    return value
  }
}

/** A call's one-line summary: the description its arguments give (`bash`), else its title, else its name. */
export function summaryOf(input: unknown, title: string | undefined, name: string): string {
  const description = isRecord(input) ? stringOf(input['description']) : undefined
  return description?.trim() ? description.trim() : (title ?? name)
}

/**
 * `session.usage_record` (1.0.9x; not in the published schema, which has the streamed `assistant.usage`): one
 * model call's tokens. They count towards the conversation, and towards the turn of the message with its
 * `apiCallId`, which follows it.
 */
export function usageRecord(state: SessionState, event: CopilotEvent): void {
  const usage = isRecord(event.data['usage']) ? event.data['usage'] : event.data
  const tokens = tokenCountsOf(usage)
  if (!tokens) return
  state.usageRecords++
  addTokens(state.tokens, tokens)
  useModel(state, stringOf(usage['model']))
  const apiCallId = stringOf(usage['apiCallId'])
  state.pendingUsage = {tokens, ...(apiCallId ? {apiCallId} : {})}
}

/**
 * A usage object's counts (`inputTokens`, `outputTokens`, `cacheReadTokens`, `reasoningTokens`): the total is
 * input plus output, the reasoning tokens being part of the output.
 */
export function tokenCountsOf(usage: Record<string, unknown>): TokenCounts | undefined {
  const tokens: TokenCounts = {}
  const input = numberOf(usage['inputTokens'])
  const output = numberOf(usage['outputTokens'])
  const cached = numberOf(usage['cacheReadTokens'])
  const thoughts = numberOf(usage['reasoningTokens'])
  if (input !== undefined) tokens.input = input
  if (output !== undefined) tokens.output = output
  if (cached !== undefined) tokens.cached = cached
  if (thoughts !== undefined) tokens.thoughts = thoughts
  if (input !== undefined || output !== undefined) tokens.total = (input ?? 0) + (output ?? 0)
  return Object.keys(tokens).length > 0 ? tokens : undefined
}
