import type {Fidelity, Part, Turn} from '@chatmark/core/model'
import {addTokens, isNumber, isRecord, isString} from '@chatmark/core/model'
import {contentParts} from './message-content.js'
import {tokensOf} from './tokens-of.js'
import {toolCallParts} from './tool-calls.js'

/** Reports a problem with one history item (its index in `history`). */
export type Warn = (reason: string, ruleId: string) => void

/**
 * Turns of a session's `history`, in order. Consecutive assistant items (a
 * step that called tools, then the answer) form one assistant turn; a
 * `conversationSummary` item, which `/compact` leaves in place of the whole
 * history, becomes a compaction notice with the summary.
 */
export function historyToTurns(history: readonly unknown[], fidelity: Fidelity, warn: Warn): Turn[] {
  const turns: Turn[] = []
  let assistant: Turn | undefined
  const count = (reason: string): void => {
    fidelity[reason] = (fidelity[reason] ?? 0) + 1
  }
  for (const [index, item] of history.entries()) {
    const message = isRecord(item) && isRecord(item['message']) ? item['message'] : undefined
    if (!isRecord(item) || !message) {
      warn(`history[${index}] is not a Continue history item with a message: skipped`, 'unknown-record')
      count('unknown-record')
      continue
    }
    if (isString(item['conversationSummary'])) {
      assistant = undefined
      turns.push({role: 'system', parts: [compactionNotice(item['conversationSummary'])]})
      continue
    }
    const role = message['role']
    if (role === 'user') {
      assistant = undefined
      const parts = [...contentParts(message['content'], fidelity), ...contextParts(item['contextItems'], fidelity)]
      if (parts.length === 0) count('empty-message')
      else turns.push({role: 'user', author: 'user', parts})
      continue
    }
    if (role === 'system') {
      // The system prompt: harness text, not said by anyone.
      count('meta-message')
      continue
    }
    if (role !== 'assistant' && role !== 'thinking' && role !== 'tool') {
      warn(`history[${index}] has a message of unknown role ${JSON.stringify(role)}: skipped`, 'unknown-record')
      count('unknown-record')
      continue
    }
    if (isShellCommand(message)) {
      assistant = undefined
      turns.push({role: 'user', author: 'user', parts: toolCallParts(message, item['toolCallStates'])})
      continue
    }
    if (!assistant) {
      assistant = {role: 'assistant', parts: []}
      turns.push(assistant)
    }
    if (role === 'tool') {
      attachToolResult(assistant, message, fidelity)
      continue
    }
    addAssistantItem(assistant, item, message, fidelity)
  }
  // An assistant item with nothing in it (an empty streamed answer) leaves no turn.
  return turns.filter((turn) => {
    if (turn.parts.length > 0) return true
    count('empty-message')
    return false
  })
}

function addAssistantItem(
  turn: Turn,
  item: Record<string, unknown>,
  message: Record<string, unknown>,
  fidelity: Fidelity
): void {
  const reasoning = isRecord(item['reasoning']) ? item['reasoning'] : undefined
  if (reasoning && isString(reasoning['text']) && reasoning['text'].trim() !== '')
    turn.parts.push({type: 'thinking', text: reasoning['text']})
  if (reasoning && isNumber(reasoning['startAt']) && turn.timestamp === undefined) {
    const time = new Date(reasoning['startAt'])
    if (!Number.isNaN(time.getTime())) turn.timestamp = time.toISOString()
  }
  const content = contentParts(message['content'], fidelity)
  if (message['role'] === 'thinking') {
    for (const part of content) if (part.type === 'text') turn.parts.push({type: 'thinking', text: part.text})
    return
  }
  turn.parts.push(...content, ...toolCallParts(message, item['toolCallStates']))
  const usage = isRecord(message['usage']) ? message['usage'] : undefined
  const tokens = tokensOf(usage)
  if (tokens) {
    turn.tokens ??= {}
    addTokens(turn.tokens, tokens)
  }
  if (usage && isString(usage['model']) && turn.model === undefined) turn.model = usage['model']
}

// Older histories (and the IDE extension) keep a result as a `tool` message after the call.
function attachToolResult(turn: Turn, message: Record<string, unknown>, fidelity: Fidelity): void {
  const id = message['toolCallId']
  const call = turn.parts.find((part) => part.type === 'tool-call' && part.id === id)
  const text = contentParts(message['content'], fidelity)
    .map((part) => ('text' in part ? part.text : ''))
    .join('\n')
  if (call?.type === 'tool-call' && !call.result) {
    call.result = {text}
    return
  }
  turn.parts.push({type: 'tool-call', text: 'tool result', name: 'unknown tool', input: {}, result: {text}})
  fidelity['orphan-tool-result'] = (fidelity['orphan-tool-result'] ?? 0) + 1
}

/**
 * A TUI `!command`: cn 1.5 stores it as an assistant item with no text and one
 * Bash call whose id starts with `shell-` (`extensions/cli/src/ui/hooks/useChat.shellMode.ts`),
 * but the user ran it.
 */
function isShellCommand(message: Record<string, unknown>): boolean {
  const calls = message['toolCalls']
  return (
    message['role'] === 'assistant' &&
    (message['content'] === '' || message['content'] === undefined) &&
    Array.isArray(calls) &&
    calls.length > 0 &&
    calls.every((call) => isRecord(call) && isString(call['id']) && call['id'].startsWith('shell-'))
  )
}

function compactionNotice(summary: string): Part {
  return {type: 'notice', level: 'info', kind: 'compaction', ...(summary.trim() === '' ? {} : {summary})}
}

// Context the user attached (`@file`, code selections): named, its text not repeated.
function contextParts(items: unknown, fidelity: Fidelity): Part[] {
  const parts: Part[] = []
  for (const item of Array.isArray(items) ? items : []) {
    if (!isRecord(item)) continue
    const name = isString(item['name']) ? item['name'] : undefined
    const description = isString(item['description']) ? item['description'] : undefined
    parts.push({type: 'attachment', text: description ?? name ?? 'context item', ...(name ? {name} : {})})
    fidelity['injected-context'] = (fidelity['injected-context'] ?? 0) + 1
  }
  return parts
}
