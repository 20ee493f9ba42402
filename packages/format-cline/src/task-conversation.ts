import type {Conversation, ConversationMetadata, Fidelity, NoticePart, Turn} from '@chatmark/core/model'
import {modelParticipant, sumTokens, userParticipant} from '@chatmark/core/model'
import type {ApiMessage} from './api-message.js'
import {apiMessage} from './api-message.js'
import type {ApiTurn} from './api-turns.js'
import {apiTurns, count} from './api-turns.js'
import {withAuthors} from './authors.js'
import {timeOfEpoch} from './epoch-time.js'
import {fromRooMessage} from './roo-messages.js'
import type {TaskFiles} from './task-files.js'
import {historyItemFacts, metadataExtra, metadataModels} from './task-metadata.js'
import {toolNames} from './tool-names.js'
import type {UiMessage} from './ui-message.js'
import {uiMessage} from './ui-message.js'
import type {UiSummary} from './ui-summary.js'
import {uiSummary} from './ui-summary.js'
import {uiTurns} from './ui-turns.js'
import type {Variant} from './variant.js'
import {variantOfPath} from './variant.js'

/** Reports a problem with the input (`file.message`). */
export type Report = (reason: string, ruleId: string) => void

/**
 * A task folder as one conversation. The api history drives the turns: it
 * holds the model's exact blocks (thinking, every tool call with its input,
 * every result the model read, which the ui records only name); the ui
 * messages, what the person saw, add what the history lacks: when each
 * message was written, the tokens and cost of each request, errors, retries,
 * compactions and resumptions, the working directory. A task with no api
 * history is read from its ui messages alone.
 */
export function taskConversation(files: TaskFiles, report: Report, path?: string): Conversation {
  const fidelity: Fidelity = {}
  const api: ApiMessage[] = []
  for (const [index, value] of (files.api ?? []).entries()) {
    const message = apiMessage(files.rooV2 ? fromRooMessage(value) : value, index)
    if (message) api.push(message)
    else count(fidelity, 'unknown-api-message')
  }
  const ui: UiMessage[] = []
  for (const value of files.ui ?? []) {
    const message = uiMessage(value)
    if (message) ui.push(message)
    else count(fidelity, 'unknown-ui-message')
  }
  const summary = uiSummary(ui)
  if (summary.unknown.size > 0) {
    const kinds = [...summary.unknown].map(([kind, amount]) => `${kind} (${amount})`).join(', ')
    report(
      `Task ${files.id}: ui messages of kinds this reader does not know, counted, not shown: ${kinds}`,
      'unknown-record'
    )
    for (const [kind, amount] of summary.unknown) count(fidelity, `ui-${kind.replace(' ', '-')}`, amount)
  }
  if (summary.checkpoints > 0) fidelity['checkpoint'] = summary.checkpoints

  const turns = api.length > 0 ? mergedTurns(apiTurns(api, fidelity), summary, api) : uiTurns(ui, fidelity)
  if (turns.length === 0)
    throw new Error(
      `task ${files.id} holds no messages (api_conversation_history.json and ui_messages.json empty or missing)`
    )

  const variant = variantOf(files)
  const names = toolNames[variant]
  const item = historyItemFacts(files.historyItem)
  const metadata: ConversationMetadata = {}
  const models = [...new Set([...turns.map((turn) => turn.model), ...metadataModels(files.metadata)])].filter(
    (model): model is string => typeof model === 'string' && model !== ''
  )
  if (models.length > 0) metadata.models = models
  const project = item.workspace ?? summary.cwd
  if (project) metadata.project = project
  if (item.parent) metadata.parent = {id: item.parent, relation: 'subagent'}
  const extra = {...metadataExtra(files.metadata), ...item.extra}
  const cost = costOf(api, summary)
  // The task history's total, else the sum of the requests' costs (USD, as Cline counts them).
  if (cost && extra['cost'] === undefined) extra['cost'] = cost
  if (Object.keys(extra).length > 0) metadata.extra = extra

  const conversation: Conversation = {
    id: files.id,
    source: {format: 'cline', variant, ...(path ? {path} : {})},
    participants: [userParticipant(), modelParticipant(variant, names.name)],
    metadata,
    turns: withAuthors(turns, variant),
    fidelity
  }
  if (item.title) conversation.title = item.title
  const times = turns.map((turn) => turn.timestamp).filter((time): time is string => time !== undefined)
  const created = timeOfEpoch(summary.firstTs) ?? times[0] ?? idTime(files.id)
  const stamped = api.flatMap((message) => (message.ts === undefined ? [] : [message.ts]))
  const updated =
    timeOfEpoch(summary.lastTs) ?? timeOfEpoch(stamped.length > 0 ? Math.max(...stamped) : undefined) ?? times.at(-1)
  if (created) conversation.createdAt = created
  if (updated) conversation.updatedAt = updated
  return conversation
}

function variantOf(files: TaskFiles): Variant {
  return variantOfPath(`/${files.folder}/`) ?? (files.historyItem || files.rooV2 ? 'roo-code' : 'cline')
}

/** Cline names a task by the epoch ms it began: a time when nothing else says one. */
function idTime(id: string): string | undefined {
  return /^\d{13}$/.test(id) ? timeOfEpoch(Number(id)) : undefined
}

/** The cost of the task in USD: the ui requests' sum, else the api history's `metrics.cost`. */
function costOf(api: readonly ApiMessage[], summary: UiSummary): number | undefined {
  const costs = summary.requests.map((request) => request.cost).filter((cost) => cost !== undefined)
  const from = costs.length > 0 ? costs : api.map((message) => message.cost).filter((cost) => cost !== undefined)
  if (from.length === 0) return undefined
  return Math.round(from.reduce((sum, cost) => sum + cost, 0) * 1e6) / 1e6
}

/** The api turns with the ui's times, tokens and notices merged in (see {@link taskConversation}). */
function mergedTurns(built: ApiTurn[], summary: UiSummary, api: readonly ApiMessage[]): Turn[] {
  const indexed = summary.requests.some((request) => request.index !== undefined)
  // Without indexes (ui records before Cline 3.x), the requests that answered are taken in order, one per message.
  const unindexed = summary.requests.filter((request) => request.tokens)
  let answered = 0
  for (const {turn, indexes} of built) {
    const first = indexes[0] ?? 0
    const own = turn.timestamp
    if (!own) {
      const time = timeOfEpoch(first === 0 ? summary.firstTs : summary.times.get(first - 1))
      if (time) turn.timestamp = time
    }
    if (turn.role !== 'assistant') continue
    answered += indexes.length
    if (turn.tokens) continue
    const requests = indexed
      ? summary.requests.filter((request) => request.index !== undefined && indexes.includes(request.index + 2))
      : unindexed.slice(answered - indexes.length, answered)
    const tokens = sumTokens(requests.flatMap((request) => (request.tokens ? [request.tokens] : [])))
    if (tokens) turn.tokens = tokens
  }
  placeNotices(built, summary.notices, api)
  return built.map((item) => item.turn).filter((turn) => turn.parts.length > 0)
}

/**
 * Each ui notice goes into the turn of the history message written after it
 * (`conversationHistoryIndex + 1`), else the last turn before it in time,
 * else the last turn.
 */
function placeNotices(built: ApiTurn[], notices: UiSummary['notices'], api: readonly ApiMessage[]): void {
  const inserts = new Map<ApiTurn, Array<{at: number; part: NoticePart}>>()
  for (const notice of notices) {
    // Without an index, a message stamped later than the notice (Cline ≥ 3.3x, Roo stamp each) says where it goes.
    const later = notice.ts === undefined ? undefined : api.find((message) => (message.ts ?? -1) > notice.ts!)
    const after = notice.index ?? (later ? later.index - 1 : undefined)
    const indexed = after === undefined ? undefined : built.find((item) => item.indexes.some((index) => index > after))
    const target = indexed ?? latestBefore(built, notice.ts) ?? built.at(-1)
    if (!target) continue
    const next = indexed && after !== undefined ? indexed.indexes.find((index) => index > after) : undefined
    const at = next === undefined ? target.turn.parts.length : (target.offsets.get(next) ?? target.turn.parts.length)
    const list = inserts.get(target) ?? []
    list.push({at, part: notice.part})
    inserts.set(target, list)
  }
  for (const [target, list] of inserts) {
    // From the last place back, so the earlier places stay where they were; notices at one place keep their order.
    for (const {at, part} of [...list].reverse().sort((left, right) => right.at - left.at)) {
      target.turn.parts.splice(at, 0, part)
    }
  }
}

function latestBefore(built: ApiTurn[], ts: number | undefined): ApiTurn | undefined {
  const time = timeOfEpoch(ts)
  if (!time) return undefined
  return built.filter((item) => item.turn.timestamp !== undefined && item.turn.timestamp <= time).at(-1)
}
