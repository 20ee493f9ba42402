import type {Conversation, Turn} from '@chatmark/core/model'
import {stringOf, tokensInOrder} from '@chatmark/core/model'
import type {Entry} from '../record-store.js'
import type {BuildState, ConversationContext} from './state.js'
import {forkTitle, otherSessionSummaries, titleOf} from './title.js'
import {model, user} from './turn.js'

/**
 * The conversation of a thread whose turns are built: ids, times, title, and
 * metadata from the state. `forkedFrom` names the session a fork was made
 * from: the conversation's parent, and its title says it is a fork.
 */
export function buildConversation(
  state: BuildState,
  turns: Turn[],
  context: ConversationContext,
  forkedFrom?: string
): Conversation {
  const {store, thread} = state
  const first = thread.path[0]
  const last = thread.path[thread.path.length - 1]
  const facts = pathFacts(thread.path)
  const conversation: Conversation = {
    // A subagent's transcript shares its parent's sessionId; its own id keeps the two notes apart.
    id: store.subagent
      ? `${facts.sessionId ?? context.fallbackId}:agent-${store.subagent.agentId ?? context.fallbackId}`
      : (facts.sessionId ?? context.fallbackId),
    source: {format: 'claude', variant: context.variant, ...(context.path ? {path: context.path} : {})},
    participants: [user, model],
    metadata: {},
    turns,
    fidelity: {...state.fidelity}
  }
  for (const [key, value] of Object.entries(store.fidelity))
    conversation.fidelity[key] = (conversation.fidelity[key] ?? 0) + value
  const others = otherSessionSummaries(store)
  if (others > 0) conversation.fidelity['other-session-summary'] = others
  const title = forkedFrom === undefined ? titleOf(store, thread, turns) : forkTitle(store, thread, turns, forkedFrom)
  if (title !== undefined) conversation.title = title
  const createdAt =
    (first ? stringOf(first.record['timestamp']) : undefined) ??
    turns.find((turn) => turn.timestamp !== undefined)?.timestamp
  const updatedAt =
    (last ? stringOf(last.record['timestamp']) : undefined) ??
    turns.findLast((turn) => turn.timestamp !== undefined)?.timestamp
  if (createdAt !== undefined) conversation.createdAt = createdAt
  if (updatedAt !== undefined) conversation.updatedAt = updatedAt
  if (state.models.length > 0) conversation.metadata.models = state.models
  if (facts.cwd !== undefined) conversation.metadata.project = facts.cwd
  if (facts.gitBranch !== undefined) conversation.metadata.gitBranch = facts.gitBranch
  if (forkedFrom !== undefined) conversation.metadata.parent = {id: forkedFrom, relation: 'fork'}
  // A subagent's transcript read on its own names its parent by the session id its records share.
  else if (store.subagent && facts.sessionId !== undefined)
    conversation.metadata.parent = {id: facts.sessionId, relation: 'subagent'}
  // Cache writes are counted apart from the input (see `usageTokens`): the session's sum only.
  const tokens =
    state.cacheCreation === undefined
      ? state.totals
      : tokensInOrder({...state.totals, cacheCreation: state.cacheCreation})
  if (Object.keys(tokens).length > 0) conversation.metadata.tokens = tokens
  const extra: Record<string, string | number> = {}
  if (facts.version !== undefined) extra['cliVersion'] = facts.version
  if (store.subagent) {
    // A subagent's transcript read on its own: whose it is (its parent's note nests it, with `subagents`).
    extra['kind'] = 'subagent'
    if (store.subagent.agentId !== undefined) extra['agent_id'] = store.subagent.agentId
  }
  if (Object.keys(extra).length > 0) conversation.metadata.extra = extra
  return conversation
}

/** Session facts from the path: the last value of each. */
function pathFacts(path: Entry[]): {sessionId?: string; cwd?: string; gitBranch?: string; version?: string} {
  const facts: {sessionId?: string; cwd?: string; gitBranch?: string; version?: string} = {}
  for (const entry of path) {
    if (entry.sessionId !== undefined) facts.sessionId = entry.sessionId
    const cwd = stringOf(entry.record['cwd'])
    if (cwd !== undefined) facts.cwd = cwd
    const branch = stringOf(entry.record['gitBranch'])
    if (branch !== undefined && branch !== '') facts.gitBranch = branch
    const version = stringOf(entry.record['version'])
    if (version !== undefined) facts.version = version
  }
  return facts
}
