import type {
  ApiErrorNotice,
  CompactionNotice,
  Conversation,
  ConversationMetadata,
  NoticePart,
  Part,
  Turn
} from '@chatmark/core/model'
import {shorten} from '@chatmark/core/read'
import {
  addTokens,
  isRecord,
  modelParticipant,
  numberOf,
  stringOf,
  sumTokens,
  userParticipant
} from '@chatmark/core/model'
import {epochTime} from './epoch-time.js'
import {compactionNotice, partToParts} from './part-to-parts.js'
import {applyRevert} from './revert.js'
import {tokenCounts} from './tokens.js'
import type {StoredMessage, StoredSession} from './types.js'

/** The speaker of assistant turns. */
export const model = modelParticipant('opencode', 'OpenCode')
/** The speaker of assistant turns in Kilo Code's sessions. */
export const kiloModel = modelParticipant('kilo', 'Kilo Code')

/** Where a session was read from, and whose it is (`kilo-*`: Kilo Code's, an OpenCode fork). */
export interface SessionSource {
  variant: 'opencode-db' | 'opencode-storage' | 'opencode-export' | 'kilo-db' | 'kilo-export'
  path?: string
}

/** A problem found while a session was built, for the caller to report. */
export type Report = (reason: string, ruleId: string) => void

interface State {
  turns: Turn[]
  fidelity: Record<string, number>
  models: string[]
  /** The assistant turn the next step of the same prompt joins. */
  answer: {turn: Turn; parentID: string | undefined} | undefined
  /** The last compaction notice, waiting for its summary. */
  compaction: CompactionNotice | undefined
  /** The participant id of assistant turns. */
  author: string
}

/**
 * One OpenCode session as a conversation. Every model step is its own
 * assistant message in OpenCode; the steps that answer one prompt (same
 * `parentID`) are one turn here. `/undo` picks the branch the user kept
 * ({@link applyRevert}); `/compact` becomes a compaction notice with the
 * summary the compaction agent wrote folded inside, and the turns before it
 * stay.
 */
export function sessionConversation(session: StoredSession, source: SessionSource, report: Report): Conversation {
  const info = session.info
  const id = stringOf(info['id']) ?? 'unknown'
  const {kept, undone, missing} = applyRevert(session.messages, info['revert'])
  const speaker = source.variant.startsWith('kilo-') ? kiloModel : model
  const state: State = {
    turns: [],
    fidelity: {...session.fidelity},
    models: [],
    answer: undefined,
    compaction: undefined,
    author: speaker.id
  }
  if (undone > 0) state.fidelity['reverted-message'] = undone
  for (const message of kept) readMessage(state, message)
  if (missing) {
    report(
      `Session ${shorten(id)} was reverted (/undo) to message ${shorten(missing)}, which is not in the store: ` +
        'the whole history is kept',
      'revert-target-missing'
    )
    state.turns.push({
      role: 'system',
      parts: [
        {
          type: 'notice',
          level: 'warning',
          kind: 'system',
          text: `The session was reverted (/undo) to message ${missing}, which is not in the store: nothing is left out`
        }
      ]
    })
  }

  const time = isRecord(info['time']) ? info['time'] : {}
  const metadata: ConversationMetadata = {}
  if (state.models.length > 0) metadata.models = state.models
  // 0.x sessions name no directory (`Session.Info` of 0.5.29): their assistant messages' `path.cwd` does.
  const directory = stringOf(info['directory']) ?? firstCwd(kept)
  if (directory) metadata.project = directory
  const tokens = sumTokens(state.turns.flatMap((turn) => (turn.tokens ? [turn.tokens] : [])))
  if (tokens) metadata.tokens = tokens
  const extra: Record<string, string | number | boolean> = {}
  const version = stringOf(info['version'])
  if (version) extra[speaker === kiloModel ? 'kiloVersion' : 'opencodeVersion'] = version
  // `parentID` is set only on the sessions the task tool starts for a subagent (`tool/task.ts`); a fork names
  // no parent (1.18.33: a new session titled `<title> (fork #1)`).
  const parent = stringOf(info['parentID'])
  if (parent) metadata.parent = {id: parent, relation: 'subagent'}
  const cost = kept.reduce((sum, message) => sum + (numberOf(message.info['cost']) ?? 0), 0)
  if (cost > 0) extra['cost'] = Math.round(cost * 1e6) / 1e6
  if (Object.keys(extra).length > 0) metadata.extra = extra

  const conversation: Conversation = {
    id,
    source: {format: 'opencode', variant: source.variant, ...(source.path ? {path: source.path} : {})},
    participants: [userParticipant(), speaker],
    metadata,
    turns: state.turns,
    fidelity: state.fidelity
  }
  const title = stringOf(info['title'])?.trim()
  if (title) conversation.title = title
  const created = epochTime(time['created'])
  const updated = epochTime(time['updated'])
  if (created) conversation.createdAt = created
  if (updated) conversation.updatedAt = updated
  return conversation
}

function readMessage(state: State, message: StoredMessage): void {
  const info = message.info
  const role = info['role']
  if (role === 'assistant' && (info['summary'] === true || info['agent'] === 'compaction')) {
    summary(state, message)
    return
  }
  const parts: Part[] = []
  let compaction: CompactionNotice | undefined
  for (const part of message.parts) {
    const converted = partToParts(part)
    if (converted.skipped) count(state, converted.skipped)
    for (const each of converted.parts) {
      if (each.type === 'notice' && each.kind === 'compaction') compaction = each
      parts.push(each)
    }
  }
  const error = errorNotice(info['error'])
  if (error) parts.push(error)
  const time = isRecord(info['time']) ? info['time'] : {}
  const timestamp = epochTime(time['created'])

  if (role !== 'user' && role !== 'assistant') {
    count(state, 'unknown-role')
    return
  }
  if (role === 'user') {
    state.answer = undefined
    if (compaction) state.compaction = compaction
    if (parts.length === 0) {
      count(state, 'empty-message')
      return
    }
    // A `/compact` request is the tool's, not something the user said.
    const onlyCompaction = compaction && parts.length === 1
    state.turns.push({
      id: message.id,
      role: onlyCompaction ? 'system' : 'user',
      ...(onlyCompaction ? {} : {author: 'user'}),
      ...(timestamp ? {timestamp} : {}),
      parts
    })
    return
  }

  const modelID = stringOf(info['modelID'])
  if (modelID && !state.models.includes(modelID)) state.models.push(modelID)
  const tokens = tokenCounts(info['tokens'])
  const parentID = stringOf(info['parentID'])
  const answer = state.answer
  if (answer && answer.parentID === parentID && answer.turn.model === modelID) {
    answer.turn.parts.push(...parts)
    if (tokens) {
      const sum = answer.turn.tokens ?? {}
      addTokens(sum, tokens)
      answer.turn.tokens = sum
    }
    return
  }
  if (parts.length === 0) {
    count(state, 'empty-message')
    return
  }
  const turn: Turn = {
    id: message.id,
    role: 'assistant',
    author: state.author,
    ...(timestamp ? {timestamp} : {}),
    ...(modelID ? {model: modelID} : {}),
    ...(tokens ? {tokens} : {}),
    parts
  }
  state.turns.push(turn)
  state.answer = {turn, parentID}
}

/** The compaction agent's answer: its text is the summary of the last compaction notice. */
function summary(state: State, message: StoredMessage): void {
  const text = message.parts
    .filter((part) => part['type'] === 'text' && part['synthetic'] !== true)
    .map((part) => stringOf(part['text']) ?? '')
    .join('\n\n')
    .trim()
  let notice = state.compaction
  if (!notice) {
    notice = compactionNotice(false)
    state.turns.push({id: message.id, role: 'system', parts: [notice]})
  }
  if (text) notice.summary = notice.summary ? `${notice.summary}\n\n${text}` : text
  const error = errorNotice(message.info['error'])
  if (error) state.turns.push({role: 'system', parts: [error]})
  state.compaction = undefined
  state.answer = undefined
}

/** An assistant message's `error` (`MessageV2.Assistant.error` in `message-v2.ts`) as a notice. */
function errorNotice(value: unknown): NoticePart | undefined {
  if (!isRecord(value)) return undefined
  const name = stringOf(value['name']) ?? 'Error'
  const data = isRecord(value['data']) ? value['data'] : {}
  const message = stringOf(data['message'])?.trim()
  const status = numberOf(data['statusCode'])
  if (name === 'MessageAbortedError') {
    return {type: 'notice', level: 'warning', kind: 'interrupted', ...(message ? {reason: message} : {})}
  }
  if (name === 'APIError') {
    const body = stringOf(data['responseBody'])
    const notice: ApiErrorNotice = {type: 'notice', level: 'error', kind: 'api-error', message: message || name}
    if (status !== undefined) notice.status = status
    if (body) notice.body = body
    return notice
  }
  return {
    type: 'notice',
    level: 'error',
    kind: 'error',
    text: `${name}${status === undefined ? '' : ` (HTTP ${status})`}: ${message || name}`
  }
}

function firstCwd(messages: readonly StoredMessage[]): string | undefined {
  for (const message of messages) {
    const path = message.info['path']
    const cwd = isRecord(path) ? stringOf(path['cwd']) : undefined
    if (cwd) return cwd
  }
  return undefined
}

function count(state: State, reason: string): void {
  state.fidelity[reason] = (state.fidelity[reason] ?? 0) + 1
}
