import type {NoticePart, Part, TokenCounts, ToolCallPart, Turn} from '@chatmark/core/model'
import {isRecord, numberOf, stringOf, timeOf} from '@chatmark/core/model'
import {contentParts, contentText} from './content-parts.js'
import {messageParts} from './message-parts.js'
import type {PiEntry} from './types.js'
import {messageUsage} from './usage.js'

/** What the turns of a session add up to, besides the turns. */
export interface SessionTotals {
  /** Model names in order of first use (`model_change`, then each answer's `model`). */
  models: string[]
  /** Summed `cacheWrite` tokens and `cost.total` (US dollars) of every answer; the model has no field for them. */
  cacheWrite: number
  cost: number
  fidelity: Record<string, number>
  /** `label` entries: the label each entry carries, by the entry's id (a later label replaces it; none removes it). */
  labels: ReadonlyMap<string, string>
  /** Tool calls by their id, for the `toolResult` messages that answer them. */
  calls: Map<string, ToolCallPart>
}

/**
 * Turns the entries of one branch, root first, into turns, as Pi shows them
 * (its interactive view and `/export`): messages, tool calls with their
 * results, `!` commands, extension messages, compactions and branch
 * summaries in their place, model and thinking-level changes after the first
 * message. `endOf` gives, for each entry, how many turns there are once it is
 * read: where a branch forking off it goes.
 */
export class BranchTurns {
  readonly turns: Turn[] = []
  readonly endOf = new Map<string, number>()
  private started = false

  /** `spent`: whether the branch's cache writes and cost count in the totals (the current branch's only). */
  constructor(
    private readonly totals: SessionTotals,
    private readonly spent = true
  ) {}

  add(entry: PiEntry): void {
    const record = entry.record
    switch (entry.type) {
      case 'message':
        this.message(entry, isRecord(record['message']) ? record['message'] : {})
        break
      case 'model_change':
        this.modelChange(entry)
        break
      case 'thinking_level_change':
        if (this.started) this.notice(entry, `Thinking level set to ${stringOf(record['thinkingLevel']) ?? 'unknown'}`)
        break
      case 'compaction':
        this.push(entry, 'system', [compactionNotice(record)])
        break
      case 'branch_summary':
        this.notice(entry, 'Back from another branch (/tree); Pi summarised the branch left behind', record['summary'])
        break
      case 'custom_message':
        this.customMessage(entry, record)
        break
      case 'custom':
        // Extension state (`appendEntry`): never part of the conversation, never shown by Pi.
        this.count('extension-state')
        break
      case 'label':
      case 'session_info':
        // Bookkeeping: a label shows on the turn it names, the name is the note's title.
        break
      default:
        this.push(entry, 'system', [unknownNotice(`Entry of unknown type ${JSON.stringify(entry.type)}`, record)])
    }
    this.endOf.set(entry.id, this.turns.length)
  }

  private message(entry: PiEntry, message: Record<string, unknown>): void {
    const role = message['role']
    switch (role) {
      case 'user':
        this.started = true
        this.push(entry, 'user', contentParts(message['content']))
        break
      case 'assistant':
        this.started = true
        this.assistant(entry, message)
        break
      case 'toolResult':
        this.toolResult(entry, message)
        break
      case 'bashExecution':
        this.push(entry, 'user', bashParts(message))
        break
      case 'custom':
        this.customMessage(entry, message)
        break
      case 'branchSummary':
        this.notice(entry, 'Summary of another branch', message['summary'])
        break
      case 'compactionSummary':
        this.push(entry, 'system', [compactionNotice(message)])
        break
      default:
        this.push(entry, 'system', [unknownNotice(`Message of unknown role ${JSON.stringify(role ?? null)}`, message)])
    }
  }

  private assistant(entry: PiEntry, message: Record<string, unknown>): void {
    const parts = messageParts(message, this.totals.calls)
    const usage = messageUsage(message['usage'])
    if (this.spent) {
      this.totals.cacheWrite += usage.cacheWrite ?? 0
      this.totals.cost += usage.cost ?? 0
    }
    const model = stringOf(message['model'])
    if (model) this.useModel(model)
    this.push(entry, 'assistant', parts, {...(model ? {model} : {}), ...(usage.counts ? {tokens: usage.counts} : {})})
  }

  private toolResult(entry: PiEntry, message: Record<string, unknown>): void {
    const id = stringOf(message['toolCallId'])
    const call = id === undefined ? undefined : this.totals.calls.get(id)
    const result = toolResultOf(message)
    if (call && !call.result) {
      call.result = result
      if (result.isError) call.status = 'error'
      return
    }
    const name = stringOf(message['toolName']) ?? 'tool'
    this.count('unmatched-tool-result')
    this.push(entry, 'tool', [{type: 'tool-call', text: name, name, ...(id ? {id} : {}), result}])
  }

  private customMessage(entry: PiEntry, record: Record<string, unknown>): void {
    // `display: false` messages go to the model but Pi's view hides them (`CustomMessageEntry`).
    if (record['display'] === false) {
      this.count('hidden-extension-message')
      return
    }
    const type = stringOf(record['customType']) ?? 'extension'
    const parts = contentParts(record['content'])
    this.push(entry, 'other', [
      {type: 'notice', level: 'info', kind: 'system', text: `Extension message (${type})`},
      ...parts
    ])
  }

  private modelChange(entry: PiEntry): void {
    const model = stringOf(entry.record['modelId'])
    if (model) this.useModel(model)
    const provider = stringOf(entry.record['provider'])
    if (this.started) this.notice(entry, `Model changed to ${[provider, model].filter(Boolean).join('/') || 'unknown'}`)
  }

  private useModel(model: string): void {
    if (!this.totals.models.includes(model)) this.totals.models.push(model)
  }

  private notice(entry: PiEntry, text: string, details?: unknown): void {
    const notice: NoticePart = {type: 'notice', level: 'info', kind: 'system', text}
    if (typeof details === 'string' && details.length > 0) notice.details = details
    this.push(entry, 'system', [notice])
  }

  private push(
    entry: PiEntry,
    role: Turn['role'],
    parts: Part[],
    extra: {model?: string; tokens?: TokenCounts} = {}
  ): void {
    const label = this.totals.labels.get(entry.id)
    if (label !== undefined) parts.push({type: 'notice', level: 'info', kind: 'system', text: `Label: ${label}`})
    if (parts.length === 0) {
      this.count('empty-message')
      return
    }
    const turn: Turn = {id: entry.id, role, parts, ...extra}
    const time = timeOf(entry.record['timestamp'])
    if (time) turn.timestamp = time
    if (role === 'user') turn.author = 'user'
    else if (role === 'assistant') turn.author = 'assistant'
    this.turns.push(turn)
  }

  private count(reason: string): void {
    this.totals.fidelity[reason] = (this.totals.fidelity[reason] ?? 0) + 1
  }
}

function compactionNotice(record: Record<string, unknown>): NoticePart {
  const notice: NoticePart = {type: 'notice', level: 'info', kind: 'compaction'}
  const summary = stringOf(record['summary'])
  if (summary) notice.summary = summary
  const tokensBefore = numberOf(record['tokensBefore'])
  if (tokensBefore !== undefined) notice.tokensBefore = tokensBefore
  return notice
}

/** A `!` command the user ran (`BashExecutionMessage`): the command, then its output with the exit code. */
function bashParts(message: Record<string, unknown>): Part[] {
  const command = stringOf(message['command'])
  const parts: Part[] = [{type: 'notice', level: 'info', kind: 'shell-command', ...(command ? {command} : {})}]
  const output = stringOf(message['output']) ?? ''
  const code = numberOf(message['exitCode'])
  const outcome = message['cancelled'] === true ? 'cancelled' : code === undefined ? undefined : `exit code ${code}`
  const notes = [message['truncated'] === true ? 'output truncated' : undefined]
  parts.push({type: 'code', text: output, language: 'text', execution: outcome ? {outcome} : {}})
  if (notes[0]) parts.push({type: 'notice', level: 'info', kind: 'system', text: 'Pi kept only the end of the output'})
  if (message['excludeFromContext'] === true) {
    parts.push({type: 'notice', level: 'info', kind: 'system', text: 'Run with !!: not sent to the model'})
  }
  return parts
}

function toolResultOf(message: Record<string, unknown>): NonNullable<ToolCallPart['result']> {
  const {text, attachments} = contentText(message['content'])
  const result: NonNullable<ToolCallPart['result']> = {text}
  if (message['isError'] === true) result.isError = true
  if (attachments.length > 0) result.attachments = attachments
  return result
}

function unknownNotice(text: string, value: unknown): NoticePart {
  return {type: 'notice', level: 'warning', kind: 'unknown-content', text, details: JSON.stringify(value, null, 2)}
}
