import type {Fidelity, Part, ToolCallPart, ToolResult, Turn} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import {cursorModel} from '../participants.js'

/** The prompt the Cursor CLI wraps in `<user_query>` (its other tags are context it adds: `<user_info>`...). */
const userQuery = /<user_query>\n?([\s\S]*?)\n?<\/user_query>/
/** A text block that is only context the CLI added (`<user_info>...</user_info>`, `<attached_files>`...). */
const contextBlock = /^\s*<([a-z_]+)>[\s\S]*<\/\1>\s*$/

/**
 * Builds the turns of a Cursor CLI session from its messages in order (the
 * store's message blobs, or a transcript's lines), in the AI-SDK shape: a
 * `user` or `assistant` message with `content` a string or blocks (`text`,
 * `reasoning`, `redacted-reasoning`, `tool-call`; the transcript's
 * `tool_use`), a `tool` message whose `tool-result` blocks answer calls by
 * `toolCallId`. The assistant messages and tool results that answer one
 * prompt are one turn.
 */
export class AgentTurns {
  readonly turns: Turn[] = []
  readonly fidelity: Fidelity = {}
  readonly #calls = new Map<string, ToolCallPart>()
  #answer: Turn | undefined

  /** Adds one message; `id` is the blob's or the line's, for the turn. */
  add(message: unknown, id?: string): void {
    if (!isRecord(message)) {
      this.count('unreadable-message')
      return
    }
    const role = message['role']
    if (role === 'system') this.count('system-prompt')
    else if (role === 'user') this.#user(message['content'], id)
    else if (role === 'assistant') this.#assistant(message, id)
    else if (role === 'tool') this.#results(message['content'])
    else this.unknown(message, `a message of role ${JSON.stringify(role)}`)
  }

  /** A failed request (a transcript's `{type: "error", error}` line). */
  error(message: string): void {
    this.#reply().parts.push({type: 'notice', level: 'error', kind: 'api-error', message})
  }

  /** Content this reader does not know: kept as a notice with its JSON. */
  unknown(value: unknown, what: string): void {
    this.#reply().parts.push(this.#unknownPart(value, what))
  }

  count(reason: string, by = 1): void {
    this.fidelity[reason] = (this.fidelity[reason] ?? 0) + by
  }

  #user(content: unknown, id: string | undefined): void {
    const parts: Part[] = []
    for (const block of blocks(content)) {
      const text = block['type'] === 'text' ? stringOf(block['text']) : undefined
      if (text === undefined) {
        this.unknownBlock(block, parts)
        continue
      }
      const query = userQuery.exec(text)
      if (query) parts.push({type: 'text', text: query[1] ?? ''})
      else if (contextBlock.test(text)) this.count('injected-context')
      else if (text.trim() !== '') parts.push({type: 'text', text})
    }
    this.#answer = undefined
    if (parts.length === 0) return
    this.turns.push({...(id ? {id} : {}), role: 'user', author: 'user', parts})
  }

  #assistant(message: Record<string, unknown>, id: string | undefined): void {
    const parts: Part[] = []
    for (const block of blocks(message['content'])) {
      const type = block['type']
      const text = stringOf(block['text'])
      if (type === 'text' && text !== undefined) {
        if (text.trim() !== '') parts.push({type: 'text', text})
      } else if (type === 'reasoning' && text !== undefined) {
        parts.push({type: 'thinking', text})
      } else if (type === 'redacted-reasoning') {
        parts.push({type: 'notice', level: 'info', kind: 'redacted-thinking', text: 'Thinking kept only encrypted'})
      } else if (type === 'tool-call' || type === 'tool_use') {
        parts.push(this.#call(block))
      } else {
        this.unknownBlock(block, parts)
      }
    }
    // Some versions write OpenAI's shape: `tool_calls[{id, function: {name, arguments}}]`.
    const openAi = Array.isArray(message['tool_calls']) ? message['tool_calls'].filter(isRecord) : []
    for (const call of openAi) {
      const fn = isRecord(call['function']) ? call['function'] : {}
      parts.push(this.#call({toolCallId: call['id'], toolName: fn['name'], args: parsedArguments(fn['arguments'])}))
    }
    if (parts.length === 0) return
    const reply = this.#reply(id)
    reply.parts.push(...parts)
  }

  #call(block: Record<string, unknown>): ToolCallPart {
    const name = stringOf(block['toolName']) ?? stringOf(block['name']) ?? 'tool'
    const input = block['args'] ?? block['input']
    const call: ToolCallPart = {type: 'tool-call', text: name, name}
    const id = stringOf(block['toolCallId']) ?? stringOf(block['id'])
    if (id) {
      call.id = id
      this.#calls.set(id, call)
    }
    if (input !== undefined) call.input = input
    return call
  }

  #results(content: unknown): void {
    for (const block of blocks(content)) {
      const id = stringOf(block['toolCallId']) ?? stringOf(block['tool_call_id'])
      const call = id ? this.#calls.get(id) : undefined
      if (!call) {
        this.count('orphan-tool-result')
        continue
      }
      call.result = resultOf(block)
      call.status = call.result.isError ? 'error' : 'completed'
    }
  }

  private unknownBlock(block: Record<string, unknown>, parts: Part[]): void {
    parts.push(this.#unknownPart(block, `a content block of type ${JSON.stringify(block['type'])}`))
  }

  #unknownPart(value: unknown, what: string): Part {
    this.count('unknown-content')
    return {
      type: 'notice',
      level: 'info',
      kind: 'unknown-content',
      text: `The Cursor CLI stored ${what}, which chatmark does not read`,
      details: JSON.stringify(value, null, 2).slice(0, 4000)
    }
  }

  /** The assistant turn the next part joins: the current reply, or a new one. */
  #reply(id?: string): Turn {
    if (!this.#answer) {
      this.#answer = {...(id ? {id} : {}), role: 'assistant', author: cursorModel.id, parts: []}
      this.turns.push(this.#answer)
    }
    return this.#answer
  }
}

function blocks(content: unknown): Array<Record<string, unknown>> {
  if (typeof content === 'string') return [{type: 'text', text: content}]
  return Array.isArray(content) ? content.filter(isRecord) : []
}

function parsedArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

/** A `tool-result` block's `result` (a string, or JSON such as a shell's `{exitCode, stdout, stderr}`). */
function resultOf(block: Record<string, unknown>): ToolResult {
  const value = block['result'] ?? block['output'] ?? block['content']
  const isError = block['isError'] === true
  let result: ToolResult
  if (typeof value === 'string') result = {text: value}
  else if (isRecord(value) && typeof value['stdout'] === 'string') {
    const stderr = stringOf(value['stderr'])
    const exit = value['exitCode']
    result = {
      text: [value['stdout'], stderr, typeof exit === 'number' && exit !== 0 ? `(exit code ${exit})` : '']
        .filter((line) => line)
        .join('\n')
    }
  } else result = {text: JSON.stringify(value ?? null, null, 2), language: 'json'}
  if (isError) result.isError = true
  return result
}
