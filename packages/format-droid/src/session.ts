import type {Fidelity, NoticePart, Part, ToolCallPart, Turn} from '@chatmark/core/model'
import {forkNotice, isRecord, isString, timeOf} from '@chatmark/core/model'
import {assistantParts, resultText, unknownBlock} from './content-parts.js'
import {todoNotice} from './todo-notice.js'

/** What a `session_start` record says of the session. */
export interface SessionStart {
  id?: string
  title?: string
  cwd?: string
  /** The session it was forked from (`droid exec --fork <id>`), and the last message it copied. */
  parent?: string
  forkedAt?: string
}

/**
 * A Droid session read record by record: each step takes one JSONL record
 * and adds to the turns. Records are in the order Droid appended them; a
 * message's `parentId` is the turn's id (`agent_turn_outcome.turnId`), not a
 * tree, so the order is the file's.
 */
export class DroidSession {
  start: SessionStart = {}
  readonly turns: Turn[] = []
  readonly fidelity: Fidelity = {}
  readonly models: string[] = []
  /** Tool calls waiting for their result, by `tool_use` id. */
  readonly #calls = new Map<string, ToolCallPart>()
  /** A fork's copy of its parent's history: every record up to `forkedAtMessageId` is the parent's. */
  #copying = false
  #copiedTurns = 0
  firstTime: string | undefined
  lastTime: string | undefined

  constructor(
    readonly keepMeta: boolean,
    readonly warn: (reason: string, ruleId: string) => void
  ) {}

  /** Takes one record (already parsed), `line` naming it in messages. */
  take(record: unknown, line: number): void {
    if (!isRecord(record)) {
      this.count('malformed-record')
      this.warn(`Line ${line} is not a JSON object: skipped`, 'malformed-record')
      return
    }
    // A fork's copy of its parent's history keeps the parent's times: the fork begins after it.
    if (!this.#copying) this.noteTime(record['timestamp'])
    switch (record['type']) {
      case 'session_start':
        this.takeStart(record)
        return
      case 'message':
        this.takeMessage(record, line)
        return
      case 'agent_turn_outcome':
        this.takeOutcome(record)
        return
      case 'todo_state':
        this.push({role: 'assistant', ...this.at(record), parts: [todoNotice(record['todos'])]})
        return
      case 'compaction_state':
        this.takeCompaction(record)
        return
      default:
        this.count('unknown-record')
        this.warn(
          `Line ${line}: a record of type ${String(record['type'])} that this reader does not know`,
          'unknown-record'
        )
        this.push({role: 'system', parts: [unknownBlock(record)]})
    }
  }

  /** After the last record: a fork's notice where its own turns begin. */
  finish(): void {
    // A fork that holds nothing (droid 0.117.0 wrote the header of a fork whose requests all failed) gets no note.
    if (!this.start.parent || (this.turns.length === 0 && this.#copiedTurns === 0)) return
    if (this.#copying) {
      // `forkedAtMessageId` never came: every turn is kept, as nothing says which are the parent's.
      this.warn(`The fork's last copied message ${this.start.forkedAt ?? ''} is not in the file`, 'fork-point-missing')
      this.turns.unshift({role: 'system', parts: [forkNotice(this.start.parent)]})
      return
    }
    const notice = forkNotice(this.start.parent, this.#copiedTurns)
    if (this.turns.length === 0) notice.onlyCopied = true
    this.turns.unshift({role: 'system', parts: [notice]})
  }

  private takeStart(record: Record<string, unknown>): void {
    if (this.start.id !== undefined) {
      this.count('repeated-session-start')
      return
    }
    this.start = {
      ...(isString(record['id']) ? {id: record['id']} : {}),
      ...(isString(record['title']) && record['title'].trim() !== '' ? {title: record['title']} : {}),
      ...(isString(record['cwd']) ? {cwd: record['cwd']} : {}),
      ...(isString(record['parent']) ? {parent: record['parent']} : {}),
      ...(isString(record['forkedAtMessageId']) ? {forkedAt: record['forkedAtMessageId']} : {})
    }
    this.#copying = this.start.parent !== undefined && this.start.forkedAt !== undefined
  }

  private takeMessage(record: Record<string, unknown>, line: number): void {
    const message = record['message']
    if (!isRecord(message) || !Array.isArray(message['content'])) {
      this.count('malformed-record')
      this.warn(`Line ${line}: a message without message.content[]: skipped`, 'malformed-record')
      return
    }
    const id = isString(record['id']) ? record['id'] : undefined
    const content = message['content'] as unknown[]
    const role = message['role']
    const at = this.at(record)
    if (role === 'assistant') this.assistant(message, content, id, at)
    else if (role === 'user') this.user(record, message, content, id, at)
    else {
      this.count('unknown-role')
      this.push({role: 'other', ...(id ? {id} : {}), ...at, parts: assistantParts(content)})
    }
    if (this.#copying && id === this.start.forkedAt) {
      this.#copying = false
      this.#copiedTurns = this.turns.length
      this.turns.length = 0
    }
  }

  private assistant(
    message: Record<string, unknown>,
    content: unknown[],
    id: string | undefined,
    at: Partial<Turn>
  ): void {
    const model = [message['modelId'], message['model']].find(isString)
    if (model && !this.models.includes(model)) this.models.push(model)
    const parts = assistantParts(content)
    for (const part of parts) if (part.type === 'tool-call' && part.id) this.#calls.set(part.id, part)
    if (parts.length === 0) return
    this.push({role: 'assistant', author: 'droid', ...(id ? {id} : {}), ...at, ...(model ? {model} : {}), parts})
  }

  private user(
    record: Record<string, unknown>,
    message: Record<string, unknown>,
    content: unknown[],
    id: string | undefined,
    at: Partial<Turn>
  ): void {
    const parts: Part[] = []
    let injected = 0
    for (const block of content) {
      if (!isRecord(block)) continue
      if (block['type'] === 'tool_result') this.result(block, parts)
      else if (block['type'] === 'text' && isString(block['text'])) {
        if (isReminder(block['text'])) {
          injected++
          if (this.keepMeta) parts.push(metaNotice(block['text']))
        } else if (block['text'].trim() !== '') parts.push({type: 'text', text: block['text']})
      } else if (block['type'] === 'image') parts.push(imagePart(block))
      else parts.push(unknownBlock(block))
    }
    if (injected > 0) this.count('injected-context', injected)
    if (parts.length === 0) return
    // `visibility: "user_only"`: a message Droid shows the user and never sends the model (a failed request's error).
    if (record['visibility'] === 'user_only' || message['visibility'] === 'user_only') {
      this.push({role: 'system', ...(id ? {id} : {}), ...at, parts: parts.map(userOnlyNotice)})
      return
    }
    const role = parts.every((part) => part.type === 'notice' && part.kind === 'meta') ? 'system' : 'user'
    this.push({role, ...(role === 'user' ? {author: 'user'} : {}), ...(id ? {id} : {}), ...at, parts})
  }

  /** A `tool_result` goes under its call; one whose call is not in the file is kept as a call of its own. */
  private result(block: Record<string, unknown>, parts: Part[]): void {
    const callId = isString(block['tool_use_id']) ? block['tool_use_id'] : undefined
    const result = {text: resultText(block['content']), ...(block['is_error'] === true ? {isError: true} : {})}
    const call = callId ? this.#calls.get(callId) : undefined
    if (call) {
      call.result = result
      if (result.isError) call.status = 'error'
      return
    }
    this.count('orphan-tool-result')
    parts.push({
      type: 'tool-call',
      text: 'A result whose call is not in the file',
      name: 'unknown',
      ...(callId ? {id: callId} : {}),
      result
    })
  }

  private takeOutcome(record: Record<string, unknown>): void {
    const reason = isString(record['reason']) ? record['reason'] : undefined
    if (reason === undefined || reason === 'completed') return
    const last = this.turns.at(-1)
    const reported = last?.parts.some((part) => part.type === 'notice' && part.kind === 'api-error')
    if (reported) return
    const notice: NoticePart = /cancel|interrupt|abort/i.test(reason)
      ? {type: 'notice', level: 'warning', kind: 'interrupted', reason}
      : {type: 'notice', level: 'warning', kind: 'system', text: `The turn ended: ${reason}`}
    this.push({role: 'system', parts: [notice]})
  }

  private takeCompaction(record: Record<string, unknown>): void {
    // droid 0.215.0 writes `summaryText`, `summaryTokens`, `removedCount`; SpecStory's parser reads `summary.body`.
    const summary = isString(record['summaryText'])
      ? record['summaryText']
      : isRecord(record['summary']) && isString(record['summary']['body'])
        ? record['summary']['body']
        : undefined
    const tokensAfter = typeof record['summaryTokens'] === 'number' ? record['summaryTokens'] : undefined
    this.push({
      role: 'system',
      ...this.at(record),
      parts: [
        {
          type: 'notice',
          level: 'info',
          kind: 'compaction',
          ...(summary ? {summary} : {}),
          ...(tokensAfter === undefined ? {} : {tokensAfter})
        }
      ]
    })
  }

  private push(turn: Turn): void {
    this.turns.push(turn)
  }

  private at(record: Record<string, unknown>): Partial<Turn> {
    const time = timeOf(record['timestamp'])
    return time ? {timestamp: time} : {}
  }

  private noteTime(value: unknown): void {
    const time = timeOf(value)
    if (!time) return
    this.firstTime ??= time
    this.lastTime = time
  }

  private count(key: string, by = 1): void {
    this.fidelity[key] = (this.fidelity[key] ?? 0) + by
  }
}

/** Context Droid adds to a prompt (its tool list, system info, the date), each in a `<system-reminder>`. */
function isReminder(text: string): boolean {
  return /^\s*<system-reminder>[\s\S]*<\/system-reminder>\s*$/.test(text)
}

function metaNotice(text: string): NoticePart {
  const first =
    text
      .replace(/<\/?system-reminder>/g, '')
      .trim()
      .split('\n')[0] ?? ''
  return {
    type: 'notice',
    level: 'info',
    kind: 'meta',
    text: `Context Droid added: ${first.slice(0, 80)}`,
    details: text
  }
}

function userOnlyNotice(part: Part): Part {
  if (part.type !== 'text') return part
  const [first = '', ...rest] = part.text.split('\n')
  if (/error/i.test(first)) {
    // `BYOK Error: 400 <message>` (droid 0.215.0, a custom model's failed request), then troubleshooting tips.
    const status = /^[\w ]*Error: (\d{3})\b/.exec(first)?.[1]
    const body = rest.join('\n').trim()
    return {
      type: 'notice',
      level: 'error',
      kind: 'api-error',
      message: first,
      ...(status ? {status: Number(status)} : {}),
      ...(body ? {body} : {})
    }
  }
  return {type: 'notice', level: 'info', kind: 'system', text: part.text}
}

function imagePart(block: Record<string, unknown>): Part {
  const source = isRecord(block['source']) ? block['source'] : {}
  const mimeType = isString(source['media_type']) ? source['media_type'] : undefined
  const data = isString(source['data']) ? source['data'] : undefined
  return {type: 'attachment', text: mimeType ?? 'image', ...(mimeType ? {mimeType} : {}), ...(data ? {data} : {})}
}
