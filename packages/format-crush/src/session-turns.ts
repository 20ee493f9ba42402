import type {Part, ToolCallPart, Turn} from '@chatmark/core/model'
import {epochTime} from './epoch-time.js'
import type {ToolResultPart} from './message-parts.js'
import {messageParts} from './message-parts.js'
import type {MessageRow} from './types.js'

/** The participant id of Crush's model turns. */
export const modelId = 'crush'

/**
 * One session's turns, built message by message: a tool result (a `tool`
 * message) joins the call it answers; a summary message becomes a compaction
 * notice with the summary, and the turns before it stay (Crush keeps them in
 * its database and shows them; only the model's context restarts from the
 * summary).
 */
export class SessionTurns {
  readonly turns: Turn[] = []
  readonly fidelity: Record<string, number> = {}
  readonly models: string[] = []
  /** Calls by id, waiting for their results. */
  readonly calls = new Map<string, ToolCallPart>()

  constructor(private readonly summaryId: string | undefined) {}

  add(message: MessageRow): void {
    const {parts, results, unknown} = messageParts(message.parts)
    for (const type of unknown) this.count(`unknown-part:${type}`)
    for (const result of results) this.joinResult(result)
    const timestamp = epochTime(message.createdAt)
    const when = timestamp ? {timestamp} : {}
    if (message.isSummary || message.id === this.summaryId) {
      const summary = parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n\n')
      this.push({
        id: message.id,
        role: 'system',
        ...when,
        parts: [{type: 'notice', level: 'info', kind: 'compaction', ...(summary ? {summary} : {})}]
      })
      return
    }
    if (message.role === 'tool') {
      // A tool message holds only results (and a `finish`): anything else it has is shown where it is.
      if (parts.length > 0) this.push({id: message.id, role: 'tool', ...when, parts})
      return
    }
    if (parts.length === 0) {
      if (results.length === 0) this.count('empty-message')
      return
    }
    for (const part of parts) if (part.type === 'tool-call' && part.id) this.calls.set(part.id, part)
    if (message.role === 'user') {
      this.push({id: message.id, role: 'user', author: 'user', ...when, parts})
    } else if (message.role === 'assistant') {
      if (message.model && !this.models.includes(message.model)) this.models.push(message.model)
      this.push({
        id: message.id,
        role: 'assistant',
        author: modelId,
        ...when,
        ...(message.model ? {model: message.model} : {}),
        parts
      })
    } else {
      this.count(`role:${message.role}`)
      this.push({id: message.id, role: message.role === 'system' ? 'system' : 'other', ...when, parts})
    }
  }

  private joinResult(result: ToolResultPart): void {
    const call = this.calls.get(result.callId)
    if (!call) {
      this.count('result-without-call')
      this.push({role: 'tool', parts: [{type: 'code', text: result.text, language: 'text'}] satisfies Part[]})
      return
    }
    call.result = {
      text: result.text,
      ...(result.isError ? {isError: true} : {}),
      ...(result.attachment ? {attachments: [result.attachment]} : {})
    }
    call.status = result.isError ? 'error' : 'completed'
  }

  private push(turn: Turn): void {
    this.turns.push(turn)
  }

  private count(reason: string): void {
    this.fidelity[reason] = (this.fidelity[reason] ?? 0) + 1
  }
}
