import type {AttachmentPart, Fidelity, Part, ToolCallPart, Turn} from '@chatmark/core/model'
import {addTokens, isRecord, stringOf} from '@chatmark/core/model'
import type {ApiMessage} from './api-message.js'
import {timeOfEpoch} from './epoch-time.js'
import {userText, withoutEnvironment} from './user-text.js'
import {assistantTextParts} from './xml-tools.js'

/** The turns of an api history, each with the history index of the messages it holds. */
export interface ApiTurn {
  turn: Turn
  /** History indexes of the messages in the turn (a user turn may hold only results: it is then dropped). */
  indexes: number[]
  /** Where each message's parts begin among the turn's parts, by history index. */
  offsets: Map<number, number>
}

/** What the builder keeps between messages: the calls still waiting for a result, in order. */
interface Pending {
  calls: ToolCallPart[]
  byId: Map<string, ToolCallPart>
}

/**
 * Builds turns from api history messages. A user message that only carries
 * tool results adds them to the calls they answer (by `tool_use_id`, or for
 * Cline's text results `[tool for 'x'] Result:` to the oldest call still
 * waiting) and makes no turn of its own; consecutive assistant messages (Roo's
 * reasoning items) share one turn.
 */
export function apiTurns(messages: readonly ApiMessage[], fidelity: Fidelity): ApiTurn[] {
  const turns: ApiTurn[] = []
  const pending: Pending = {calls: [], byId: new Map()}
  for (const message of messages) {
    if (message.role === 'assistant') {
      const parts = message.error ? errorParts(message) : assistantParts(message, pending, fidelity)
      const last = turns.at(-1)
      if (last?.turn.role === 'assistant' && last.indexes.length > 0) {
        last.offsets.set(message.index, last.turn.parts.length)
        last.turn.parts.push(...parts)
        last.indexes.push(message.index)
        mergeTokens(last.turn, message)
        continue
      }
      const turn: Turn = {role: 'assistant', parts}
      stamp(turn, message)
      if (message.model) turn.model = message.model
      if (message.tokens) turn.tokens = {...message.tokens}
      turns.push({turn, indexes: [message.index], offsets: new Map([[message.index, 0]])})
      continue
    }
    const parts = userParts(message, pending, fidelity)
    if (parts.length > 0) {
      const turn: Turn = {role: 'user', parts}
      stamp(turn, message)
      turns.push({turn, indexes: [message.index], offsets: new Map([[message.index, 0]])})
    }
  }
  return turns
}

function stamp(turn: Turn, message: ApiMessage): void {
  const time = timeOfEpoch(message.ts)
  if (time) turn.timestamp = time
}

function mergeTokens(turn: Turn, message: ApiMessage): void {
  if (message.model && !turn.model) turn.model = message.model
  if (!message.tokens) return
  const tokens = turn.tokens ?? {}
  addTokens(tokens, message.tokens)
  turn.tokens = tokens
}

/** An error shown as an assistant message (the SDK store's `displayRole: "error"`) as an api-error notice. */
function errorParts(message: ApiMessage): Part[] {
  const text = message.blocks
    .map((block) => stringOf(block['text']) ?? '')
    .join('\n')
    .trim()
  return [{type: 'notice', level: 'error', kind: 'api-error', message: text || 'The request failed'}]
}

function assistantParts(message: ApiMessage, pending: Pending, fidelity: Fidelity): Part[] {
  const parts: Part[] = []
  for (const block of message.blocks) {
    switch (block['type']) {
      case 'text': {
        for (const part of assistantTextParts(stringOf(block['text']) ?? '')) {
          parts.push(part)
          if (part.type === 'tool-call') pending.calls.push(part)
        }
        break
      }
      case 'thinking': {
        const text = stringOf(block['thinking'])?.trim() || summaryOf(block['summary'])
        if (text) parts.push({type: 'thinking', text})
        break
      }
      case 'redacted_thinking':
        parts.push({
          type: 'notice',
          level: 'info',
          kind: 'redacted-thinking',
          text: 'Thinking redacted by the API (encrypted, not shown)'
        })
        break
      case 'tool_use': {
        const name = stringOf(block['name']) || 'tool'
        const call: ToolCallPart = {type: 'tool-call', text: name, name, input: block['input']}
        const id = stringOf(block['id'])
        if (id) {
          call.id = id
          pending.byId.set(id, call)
        }
        pending.calls.push(call)
        parts.push(call)
        break
      }
      default:
        unknownBlock(parts, block, fidelity)
    }
  }
  return parts
}

function userParts(message: ApiMessage, pending: Pending, fidelity: Fidelity): Part[] {
  const parts: Part[] = []
  // Cline writes a text result as its header block `[tool for 'x'] Result:` and the result in the blocks after it.
  let open: ToolCallPart | undefined
  for (const block of message.blocks) {
    switch (block['type']) {
      case 'text': {
        const {value, counted} = userText(stringOf(block['text']) ?? '')
        if (counted) count(fidelity, 'environment-details')
        if (value.kind === 'prompt' && open?.result) {
          const {result, feedback} = splitFeedback(value.text)
          open.result.text = [open.result.text, result].filter(Boolean).join('\n')
          if (feedback) parts.push({type: 'text', text: feedback})
          break
        }
        open = undefined
        if (value.kind === 'result') {
          const {result, feedback} = splitFeedback(value.text)
          open = answer(pending, value.tool, {text: result})
          if (feedback) parts.push({type: 'text', text: feedback})
        } else if (value.kind === 'not-executed') answer(pending, value.tool, {text: value.text}, 'not executed')
        else if (value.kind === 'automated') parts.push(automatedNotice(value.text))
        else if (value.kind === 'prompt') parts.push({type: 'text', text: value.text})
        break
      }
      case 'tool_result': {
        open = undefined
        const call = pending.byId.get(stringOf(block['tool_use_id']) ?? '') ?? pending.calls[0]
        const result = resultOf(block['content'], fidelity)
        if (block['is_error'] === true) result.isError = true
        if (call) settle(pending, call, result)
        else parts.push({type: 'text', text: result.text})
        break
      }
      case 'image':
        parts.push(imageOf(block))
        break
      default:
        unknownBlock(parts, block, fidelity)
    }
  }
  return parts
}

/**
 * A result that carries the person's reply (`attempt_completion` or an
 * approval answered with a message: `The user has provided feedback...
 * <feedback>...</feedback>`, cline/cline `src/core/prompts/responses.ts`): the
 * reply is their prompt, shown as their turn.
 */
function splitFeedback(text: string): {result: string; feedback?: string} {
  const match = /<feedback>\n?([\s\S]*?)\n?<\/feedback>/.exec(text)
  if (!match?.[1]?.trim()) return {result: text}
  const result = text
    .slice(0, match.index)
    .replace(/The user has provided feedback[^\n]*\n?$/, '')
    .trim()
  return {result: result || 'The user replied with feedback', feedback: match[1].trim()}
}

/** Cline's own message to the model: its first line shown, the instructions after it folded. */
function automatedNotice(text: string): Part {
  const [first = '', ...rest] = text.split('\n')
  const details = rest.join('\n').trim()
  return {type: 'notice', level: 'info', kind: 'synthetic', text: first.trim(), ...(details ? {details} : {})}
}

/** Gives the oldest waiting call of that name (else the oldest of any name) its result; returns the call. */
function answer(
  pending: Pending,
  tool: string,
  result: ToolCallPart['result'] & {},
  status?: string
): ToolCallPart | undefined {
  const call = pending.calls.find((waiting) => waiting.name === tool) ?? pending.calls[0]
  if (!call) return undefined
  if (status) call.status = status
  settle(pending, call, result)
  return call
}

function settle(pending: Pending, call: ToolCallPart, result: ToolCallPart['result'] & {}): void {
  call.result = result
  pending.calls = pending.calls.filter((waiting) => waiting !== call)
  if (call.id) pending.byId.delete(call.id)
}

function resultOf(content: unknown, fidelity: Fidelity): ToolCallPart['result'] & {} {
  if (typeof content === 'string') return {text: content}
  const texts: string[] = []
  const attachments: AttachmentPart[] = []
  const items = Array.isArray(content) ? content : []
  let failed = false
  for (const item of items) {
    if (!isRecord(item)) continue
    if (item['type'] === 'text') texts.push(withoutEnvironment(stringOf(item['text']) ?? ''))
    else if (item['type'] === 'image') attachments.push(imageOf(item))
    else if (item['type'] === undefined && 'result' in item) {
      // The SDK store's tools answer per query: `{query, result, success}` (run_commands, read_files).
      const text = typeof item['result'] === 'string' ? item['result'] : JSON.stringify(item['result'], null, 2)
      const query = stringOf(item['query'])
      texts.push(items.length > 1 && query ? `${query}\n${text}` : text)
      if (item['success'] === false) failed = true
    } else {
      count(fidelity, 'unknown-block')
      texts.push(JSON.stringify(item, null, 2))
    }
  }
  const result: ToolCallPart['result'] & {} = {text: texts.filter(Boolean).join('\n\n')}
  if (attachments.length > 0) result.attachments = attachments
  if (failed) result.isError = true
  return result
}

/** An `image` block (`source: {type: base64, media_type, data}`) as an attachment with its data. */
function imageOf(block: Record<string, unknown>): AttachmentPart {
  const source = isRecord(block['source']) ? block['source'] : {}
  const mimeType = stringOf(source['media_type'])
  const data = stringOf(source['data'])
  const url = stringOf(source['url'])
  const part: AttachmentPart = {type: 'attachment', text: 'Image'}
  if (mimeType) part.mimeType = mimeType
  if (data) part.data = data
  if (url) part.reference = url
  return part
}

function summaryOf(summary: unknown): string | undefined {
  if (!Array.isArray(summary)) return undefined
  const text = summary
    .map((item) => (isRecord(item) ? stringOf(item['text']) : stringOf(item)))
    .filter(Boolean)
    .join('\n\n')
  return text || undefined
}

/** A block of a type this reader does not know: kept as a notice with its JSON, and counted. */
function unknownBlock(parts: Part[], block: Record<string, unknown>, fidelity: Fidelity): void {
  count(fidelity, 'unknown-block')
  parts.push({
    type: 'notice',
    level: 'warning',
    kind: 'unknown-content',
    text: `Content of an unknown type \`${String(block['type'])}\``,
    details: JSON.stringify(block, null, 2)
  })
}

/** Adds one to a fidelity count. */
export function count(fidelity: Fidelity, reason: string, amount = 1): void {
  fidelity[reason] = (fidelity[reason] ?? 0) + amount
}
