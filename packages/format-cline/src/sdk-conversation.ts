import type {Conversation, ConversationMetadata, Fidelity, TokenCounts} from '@chatmark/core/model'
import {isRecord, modelParticipant, numberOf, stringOf, timeOf, userParticipant} from '@chatmark/core/model'
import type {ApiMessage} from './api-message.js'
import {apiMessage} from './api-message.js'
import {apiTurns, count} from './api-turns.js'
import {withAuthors} from './authors.js'
import type {JsonFile} from './read-json-file.js'
import {sdkCompaction} from './sdk-compaction.js'
import {isSdkManifest, sdkTell} from './sdk-detect.js'
import type {SdkFiles} from './sdk-files.js'
import type {Report} from './task-conversation.js'

/** Whether a file read is an SDK session's messages (or its manifest, which names them). */
export function isSdkMessages(json: JsonFile): boolean {
  return json.kind === 'object' && sdkTell(json.value) !== undefined
}

/**
 * An SDK session (Cline CLI 3.x, the Cline extension from 4.0) as one
 * conversation: the messages of `<id>.messages.json`, which are Anthropic
 * messages with `ts`, `modelInfo` and `metrics` (the reader of the api
 * history reads them), with the manifest `<id>.json` for the title, times,
 * working directory, status and totals, and `<id>.compaction.json` for a
 * compaction (the model's shorter view; the messages file keeps the whole
 * history, cline/cline PR #10651).
 */
export function sdkConversation(files: SdkFiles, report: Report, path?: string): Conversation {
  const fidelity: Fidelity = {}
  if (files.messages?.kind === 'object' && isSdkManifest(files.messages.value) && !files.manifest) {
    files.manifest = files.messages.value
    files.messages = undefined
  }
  const document = files.messages?.kind === 'object' && isRecord(files.messages.value) ? files.messages.value : {}
  const list = Array.isArray(document['messages']) ? document['messages'] : []
  const api: ApiMessage[] = []
  for (const [index, value] of list.entries()) {
    const message = apiMessage(value, index)
    if (message) api.push(message)
    else count(fidelity, 'unknown-api-message')
  }
  const manifest = isRecord(files.manifest) ? files.manifest : {}
  if (api.length === 0) {
    throw new Error(`SDK session ${files.id} has no messages (${files.id}.messages.json missing, empty or unreadable)`)
  }
  const built = apiTurns(api, fidelity)
  for (const {turn, indexes} of built) {
    const ts = api.find((message) => message.index === indexes[0])?.ts
    if (ts !== undefined) turn.timestamp = new Date(ts).toISOString()
  }
  const compaction = sdkCompaction(files.compaction)
  if (compaction) {
    let last = compaction.after === undefined ? undefined : compaction.after - 1
    // Errors are shown, never sent: one written after the summarised messages came before the compaction.
    while (last !== undefined && api[last + 1]?.error) last++
    const target = built.filter((item) => last === undefined || item.indexes.some((index) => index <= last)).at(-1)
    ;(target ?? built.at(-1))?.turn.parts.push(compaction.notice)
  } else if (files.compaction !== undefined) {
    report(`Session ${files.id}: ${files.id}.compaction.json is not a compaction record: left out`, 'unknown-record')
  }
  const turns = built.map((item) => item.turn).filter((turn) => turn.parts.length > 0)

  const meta = isRecord(manifest['metadata']) ? manifest['metadata'] : {}
  const origin = isRecord(document['origin']) ? document['origin'] : {}
  const historyOrigin = isRecord(meta['sessionHistoryOrigin']) ? meta['sessionHistoryOrigin'] : {}
  const metadata: ConversationMetadata = {}
  const models = [...new Set([...turns.map((turn) => turn.model), stringOf(manifest['model'])])].filter(
    (model): model is string => typeof model === 'string' && model !== ''
  )
  if (models.length > 0) metadata.models = models
  const project = stringOf(manifest['workspace_root']) ?? stringOf(manifest['cwd'])
  if (project) metadata.project = project
  const tokens = usageTokens(meta['aggregateUsage'] ?? meta['usage'])
  if (tokens) metadata.tokens = tokens
  const extra: NonNullable<ConversationMetadata['extra']> = {}
  const version = stringOf(origin['version']) ?? stringOf(historyOrigin['version'])
  if (version) extra['clineVersion'] = version
  // `session_source`, as Codex names where a session was started: `source` is the note's format.
  for (const [key, value] of [
    ['sessionSource', manifest['source'] ?? origin['source']],
    ['status', manifest['status']],
    ['provider', manifest['provider']]
  ] as const) {
    const text = stringOf(value)
    if (text) extra[key] = text
  }
  const cost = numberOf(meta['totalCost'])
  if (cost) extra['cost'] = cost
  if (Object.keys(extra).length > 0) metadata.extra = extra

  const conversation: Conversation = {
    id: stringOf(manifest['session_id']) ?? stringOf(document['sessionId']) ?? files.id,
    source: {format: 'cline', variant: 'cline-sdk', ...(path ? {path} : {})},
    participants: [userParticipant(), modelParticipant('cline', 'Cline')],
    metadata,
    turns: withAuthors(turns, 'cline'),
    fidelity
  }
  const fork = isRecord(meta['fork']) ? stringOf(meta['fork']['forkedFromSessionId']) : undefined
  if (fork) metadata.parent = {id: fork, relation: 'fork'}
  const title = stringOf(meta['title'])?.trim()
  if (title) conversation.title = title
  const created = timeOf(manifest['started_at']) ?? turns[0]?.timestamp
  const updated = timeOf(manifest['ended_at']) ?? timeOf(document['updated_at']) ?? turns.at(-1)?.timestamp
  if (created) conversation.createdAt = created
  if (updated) conversation.updatedAt = updated
  return conversation
}

/** The manifest's `usage` (`{inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens}`) as counts. */
function usageTokens(usage: unknown): TokenCounts | undefined {
  if (!isRecord(usage)) return undefined
  const input = numberOf(usage['inputTokens'])
  const output = numberOf(usage['outputTokens'])
  if (input === undefined && output === undefined) return undefined
  const tokens: TokenCounts = {input: (input ?? 0) + (numberOf(usage['cacheWriteTokens']) ?? 0), output: output ?? 0}
  const cached = numberOf(usage['cacheReadTokens'])
  if (cached) tokens.cached = cached
  return tokens
}
