import type {Conversation, ConversationMetadata, ToolCallPart, Turn} from '@chatmark/core/model'
import {modelParticipant, userParticipant} from '@chatmark/core/model'
import {epochTime} from './epoch-time.js'
import type {CrushDatabase} from './read-database.js'
import {modelId, SessionTurns} from './session-turns.js'
import type {SessionRow} from './types.js'

/** Where a database was read from, for the conversations' source and project. */
export interface DatabaseSource {
  variant: 'crush-db' | 'crush-projects'
  /** The database's path, when it is a file. */
  path?: string
  /** The project folder the database belongs to, when known. */
  project?: string
}

/** Sub-agents of sub-agents are nested this deep at most: a loop of parent ids in a damaged file ends here. */
const maxDepth = 8

/**
 * The conversations of one Crush database, one per session the user
 * started, oldest first. A sub-agent's session (Crush's `agent` tool makes one
 * whose id is the call's id, or `<message id>$$<call id>` in newer builds,
 * `internal/session/session.go`) is nested under the call that started it; one
 * whose call is not found is a conversation of its own, linked to its parent.
 * The session Crush makes to ask for a title (`title-<parent id>`) is counted,
 * not shown: it holds only that request.
 */
export function* crushConversations(database: CrushDatabase, source: DatabaseSource): Generator<Conversation> {
  const byId = new Map(database.sessions.map((session) => [session.id, session]))
  const nested = new Set<string>()
  const build = (session: SessionRow, depth: number): SessionTurns => {
    const turns = new SessionTurns(session.summaryMessageId)
    for (const message of database.messages(session.id)) turns.add(message)
    for (const call of turns.calls.values()) {
      const child = childOf(byId, call)
      if (!child || nested.has(child.id) || depth >= maxDepth) continue
      nested.add(child.id)
      call.subagent = build(child, depth + 1).turns
    }
    return turns
  }
  for (const session of database.sessions) {
    if (session.parentSessionId || isTitleSession(session)) continue
    const turns = build(session, 0)
    if (byId.has(`title-${session.id}`)) turns.fidelity['title-request'] = 1
    yield conversation(session, turns, source)
  }
  for (const session of database.sessions) {
    if (!session.parentSessionId || isTitleSession(session) || nested.has(session.id)) continue
    const turns = build(session, 0)
    const parent = session.parentSessionId
    turns.turns.unshift({role: 'system', parts: [{type: 'notice', level: 'info', kind: 'subagent', parent}]})
    yield conversation(session, turns, source, parent)
  }
}

function childOf(byId: ReadonlyMap<string, SessionRow>, call: ToolCallPart): SessionRow | undefined {
  if (!call.id) return undefined
  const direct = byId.get(call.id)
  if (direct?.parentSessionId) return direct
  for (const session of byId.values()) {
    if (session.parentSessionId && session.id.endsWith(`$$${call.id}`)) return session
  }
  return undefined
}

function isTitleSession(session: SessionRow): boolean {
  return session.id.startsWith('title-') && session.parentSessionId !== undefined
}

function conversation(session: SessionRow, turns: SessionTurns, source: DatabaseSource, parent?: string): Conversation {
  const metadata: ConversationMetadata = {}
  if (turns.models.length > 0) metadata.models = turns.models
  if (source.project) metadata.project = source.project
  if (parent) metadata.parent = {id: parent, relation: 'subagent'}
  const tokens = {
    ...(session.promptTokens ? {input: session.promptTokens} : {}),
    ...(session.completionTokens ? {output: session.completionTokens} : {})
  }
  if (Object.keys(tokens).length > 0) metadata.tokens = tokens
  if (session.cost) metadata.extra = {cost: Math.round(session.cost * 1e6) / 1e6}
  const created = epochTime(session.createdAt)
  const updated = epochTime(session.updatedAt)
  const result: Conversation = {
    id: session.id || 'unknown',
    source: {format: 'crush', variant: source.variant, ...(source.path ? {path: source.path} : {})},
    participants: [userParticipant(), modelParticipant(modelId, 'Crush')],
    metadata,
    turns: turns.turns satisfies Turn[],
    fidelity: turns.fidelity
  }
  if (session.title) result.title = session.title
  if (created) result.createdAt = created
  if (updated) result.updatedAt = updated
  return result
}
