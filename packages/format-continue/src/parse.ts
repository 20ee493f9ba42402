import type {Conversation, Fidelity, TokenCounts} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {idFromName, isRecord, isString, modelParticipant, numberOf, userParticipant} from '@chatmark/core/model'
import {readJsonDocument} from '@chatmark/core/read'
import {historyToTurns} from './history-to-turns.js'
import {indexedDateCreated} from './indexed-date.js'
import {indexListing} from './index-listing.js'
import {isIndexDocument, isSessionDocument, untitled} from './types.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:continue'

const expected = 'a Continue session (a JSON object with sessionId and history[]) or its sessions.json index'

/**
 * Reads a Continue session file whole (Continue rewrites it whole on every
 * turn, so it is one JSON document) and yields one conversation; the
 * `sessions.json` index yields a listing of its sessions, with a warning that
 * they are separate files.
 */
export async function* parse(input: Input, context: ParseContext): AsyncGenerator<Conversation> {
  const {file} = context
  const document = await readJsonDocument(input, context.limits, expected)
  if (isIndexDocument(document)) {
    file.message(
      `This is Continue's sessions.json, an index of ${document.length} sessions: each session is a separate ` +
        '<sessionId>.json file beside it; convert those files (or the folder) for their conversations',
      {ruleId: 'session-index', source: messageSource}
    )
    yield indexListing(document, idFromName(input.name))
    return
  }
  if (!isSessionDocument(document)) {
    const found = Array.isArray(document)
      ? 'a JSON array that is not a sessions.json index'
      : isRecord(document)
        ? 'a JSON object without sessionId and history[]'
        : `a JSON ${document === null ? 'null' : typeof document}`
    throw new Error(`expected ${expected}, found ${found}`)
  }
  const fidelity: Fidelity = {}
  const warn = (reason: string, ruleId: string): void => {
    file.message(reason, {ruleId, source: messageSource})
  }
  const history = document['history'] as unknown[]
  const turns = historyToTurns(history, fidelity, warn)
  if (turns.length === 0) {
    // No note for it: an empty note would stand for a session that holds nothing (core: rule `empty-session`).
    warn('The session holds no messages to show: no note is written', 'empty-session')
    return
  }
  const models = [...new Set(turns.flatMap((turn) => (turn.model ? [turn.model] : [])))]
  // Continue answers, as the other coding agents' notes name theirs (`Codex`, `Cline`): each turn's heading and
  // `models` name the model.
  for (const turn of turns) if (turn.role === 'assistant') turn.author = 'continue'
  const title = isString(document['title']) && document['title'] !== untitled ? document['title'] : undefined
  const tokens = sessionTokens(document['usage'])
  const extra: Record<string, string | number | boolean> = {}
  if (isRecord(document['usage']) && numberOf(document['usage']['totalCost']) !== undefined)
    extra['cost'] = numberOf(document['usage']['totalCost'])!
  if (isString(document['mode'])) extra['mode'] = document['mode']
  if (isString(document['chatModelTitle'])) extra['chatModel'] = document['chatModelTitle']
  const sessionId = document['sessionId'] as string
  // The session file holds no time but its reasoning's `startAt` (the IDE's reasoning models; the CLI writes none).
  const indexed = input.path === undefined ? undefined : await indexedDateCreated(input.path, sessionId)
  if (indexed && 'problem' in indexed)
    warn(`The session's creation time is unknown: ${indexed.problem}`, 'unreadable-index')
  const createdAt =
    (indexed && 'createdAt' in indexed ? indexed.createdAt : undefined) ??
    turns.find((turn) => turn.timestamp)?.timestamp
  // The index's time is of the first save, after the first turn began: a last turn before it adds nothing.
  const last = turns.findLast((turn) => turn.timestamp)?.timestamp
  const updatedAt =
    last !== undefined && (createdAt === undefined || Date.parse(last) > Date.parse(createdAt)) ? last : undefined
  yield {
    id: sessionId,
    ...(title ? {title} : {}),
    ...(createdAt ? {createdAt} : {}),
    ...(updatedAt ? {updatedAt} : {}),
    source: {format: 'continue', variant: 'session', ...(input.path ? {path: input.path} : {})},
    participants: [userParticipant(), modelParticipant('continue', 'Continue')],
    metadata: {
      ...(models.length > 0 ? {models} : {}),
      ...(isString(document['workspaceDirectory']) ? {project: document['workspaceDirectory']} : {}),
      ...(tokens ? {tokens} : {}),
      ...(Object.keys(extra).length > 0 ? {extra} : {})
    },
    turns,
    fidelity
  }
}

// The session's cumulative `usage` (camelCase, unlike a message's), which survives `/compact`.
function sessionTokens(usage: unknown): TokenCounts | undefined {
  if (!isRecord(usage)) return undefined
  const tokens: TokenCounts = {}
  const input = numberOf(usage['promptTokens'])
  const output = numberOf(usage['completionTokens'])
  const cached = isRecord(usage['promptTokensDetails'])
    ? numberOf(usage['promptTokensDetails']['cachedTokens'])
    : undefined
  if (input !== undefined) tokens.input = input
  if (output !== undefined) tokens.output = output
  if (cached !== undefined) tokens.cached = cached
  return Object.keys(tokens).length > 0 ? tokens : undefined
}
