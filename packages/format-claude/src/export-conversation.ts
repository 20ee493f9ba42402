import type {Conversation, Fidelity, Turn} from '@chatmark/core/model'
import type {ParseContext} from '@chatmark/core/read'
import {isRecord, modelParticipant, numberBranches, stringOf, userParticipant} from '@chatmark/core/model'
import {shorten} from '@chatmark/core/read'
import {exportVariant} from './detect-export.js'
import {createPartsState, hasContent, messageParts} from './export-parts.js'
import type {ConversationRecord} from './export-schema.js'
import {senderOf} from './export-schema.js'
import type {Branch} from './branch-tree.js'
import {branchTurn, insertAt} from './branch-tree.js'
import type {ExportMessage} from './export-thread.js'
import {rootKey, threadExport} from './export-thread.js'

/** What {@link exportConversation} needs besides the conversation. */
export interface ExportContext {
  branches: 'current' | 'all'
  /** The conversation's place in the export, from 0: its id when its `uuid` is empty. */
  index: number
  file: ParseContext['file']
  source: string
  path?: string
}

const user = userParticipant()
const model = modelParticipant('claude', 'Claude')

/**
 * One conversation of a Claude.ai export as a chatmark conversation: the kept
 * branch of its messages (abandoned branches counted, or shown as branch
 * parts with `branches: 'all'`). Returns `undefined` when no message
 * has anything to show.
 */
export function exportConversation(record: ConversationRecord, context: ExportContext): Conversation | undefined {
  const fidelity: Fidelity = {}
  const count = (reason: string, by = 1): void => {
    fidelity[reason] = (fidelity[reason] ?? 0) + by
  }
  const state = createPartsState(count)
  const messages: ExportMessage[] = []
  for (const [position, value] of record.chat_messages.entries()) {
    if (!isRecord(value)) {
      count('malformed-message')
      continue
    }
    messages.push({record: value, key: stringOf(value['uuid']) ?? `#${position}`, position})
  }
  const label = describeConversation(record)
  const thread = threadExport(messages, stringOf(record['current_leaf_message_uuid']))
  if (thread.brokenAt) {
    context.file.message(
      `In ${label}, message ${thread.brokenAt.key} names a parent that is not in the conversation, so the note ` +
        `starts there`,
      {ruleId: 'broken-chain', source: context.source}
    )
  }
  if (thread.cycle) {
    context.file.message(
      `In ${label}, the messages' parents form a cycle; the note shows the messages reached before it`,
      {ruleId: 'parent-cycle', source: context.source}
    )
  }

  const turns: Turn[] = []
  // Index in `turns` just after each path message, for inserting branches there.
  const after = new Map<string, number>([[rootKey, 0]])
  for (const message of thread.path) {
    const turn = messageTurn(message)
    if (turn) turns.push(turn)
    after.set(message.key, turns.length)
  }
  if (turns.length === 0) return undefined
  const abandoned = thread.offPath.filter((message) => hasContent(message.record)).length
  if (abandoned > 0) count('abandoned-branch-turn', abandoned)
  if (context.branches === 'all') {
    insertBranches(turns, thread.path, thread.forks, after)
    numberBranches(turns)
  }

  const conversation: Conversation = {
    // A conversation whose `uuid` is empty (a damaged export) keeps its turns, under an id from its place.
    id: record.uuid.trim() === '' ? `conversation-${context.index + 1}` : record.uuid,
    source: {format: 'claude', variant: exportVariant, ...(context.path ? {path: context.path} : {})},
    participants: [user, model],
    metadata: {},
    turns,
    fidelity
  }
  const title = stringOf(record['name'])?.trim()
  if (title) conversation.title = title
  const createdAt = isoTime(record['created_at']) ?? turns.find((turn) => turn.timestamp !== undefined)?.timestamp
  const updatedAt = isoTime(record['updated_at']) ?? turns.findLast((turn) => turn.timestamp !== undefined)?.timestamp
  if (createdAt !== undefined) conversation.createdAt = createdAt
  if (updatedAt !== undefined) conversation.updatedAt = updatedAt
  const modelName = stringOf(record['model'])
  if (modelName) conversation.metadata.models = [modelName]
  const project = isRecord(record['project']) ? stringOf(record['project']['name']) : undefined
  if (project) conversation.metadata.project = project
  const summary = stringOf(record['summary'])?.trim()
  if (summary) conversation.metadata.extra = {summary}
  return conversation

  function messageTurn(message: ExportMessage): Turn | undefined {
    const parts = messageParts(message.record, state)
    if (parts.length === 0) {
      count('empty-message')
      return undefined
    }
    const sender = senderOf(message.record)
    if (sender === undefined) count('unknown-sender')
    const turn: Turn =
      sender === 'human'
        ? {role: 'user', author: user.id, parts}
        : sender === 'assistant'
          ? {role: 'assistant', author: model.id, parts}
          : {role: 'other', parts}
    const id = stringOf(message.record['uuid'])
    if (id !== undefined) turn.id = id
    const timestamp = isoTime(message.record['created_at'])
    if (timestamp !== undefined) turn.timestamp = timestamp
    return turn
  }

  /** The branches forking off `path`, each as a branch part in a turn of its own after its fork point. */
  function insertBranches(
    list: Turn[],
    path: readonly ExportMessage[],
    forks: Map<string, Array<Branch<ExportMessage>>>,
    at: Map<string, number>
  ): void {
    const inserts: Array<{at: number; turn: Turn}> = []
    for (const key of [rootKey, ...path.map((message) => message.key)]) {
      for (const branch of forks.get(key) ?? []) {
        const turn = branchTurnOf(branch)
        if (turn) inserts.push({at: at.get(key) ?? 0, turn})
      }
    }
    insertAt(list, inserts)
  }

  function branchTurnOf(branch: Branch<ExportMessage>): Turn | undefined {
    const turns: Turn[] = []
    const after = new Map<string, number>()
    for (const message of branch.path) {
      const turn = messageTurn(message)
      if (turn) turns.push(turn)
      after.set(message.key, turns.length)
    }
    insertBranches(turns, branch.path, branch.forks, after)
    if (turns.length === 0) return undefined
    const first = branch.path[0]
    const sender = first ? senderOf(first.record) : undefined
    return branchTurn(
      turns,
      sender === 'human' ? 'edited-prompt' : sender === 'assistant' ? 'regenerated-answer' : undefined
    )
  }
}

/** `conversation <uuid> “<name>”`, for messages about a conversation. */
export function describeConversation(record: ConversationRecord): string {
  const name = stringOf(record['name'])?.trim()
  const id = shorten(record.uuid)
  return name ? `conversation ${id} “${shorten(name)}”` : `conversation ${id} (untitled)`
}

/**
 * An export time as ISO 8601 in UTC. Exports write microseconds and `Z`,
 * `+00:00` or no zone at all (read as UTC); a value that is not a date is
 * kept as written.
 */
export function isoTime(value: unknown): string | undefined {
  const text = stringOf(value)?.trim()
  if (!text) return undefined
  const zoned = /(?:Z|[+-]\d\d:?\d\d)$/i.test(text) || !/T\d\d:\d\d/.test(text) ? text : `${text}Z`
  const date = new Date(zoned)
  return Number.isNaN(date.getTime()) ? text : date.toISOString()
}
