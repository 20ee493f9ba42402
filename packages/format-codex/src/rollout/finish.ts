import type {Conversation, ConversationMetadata, Turn} from '@chatmark/core/model'
import {forkNotice, sumTokens} from '@chatmark/core/model'
import {promptTitle} from '../prompt-title.js'
import {codexTokenKeys} from '../tokens.js'
import type {RolloutState, SessionMeta} from './state.js'
import {hasParent} from './state.js'
import {subagentNotice} from './subagent-notice.js'
import {sessionTotal} from './token-usage.js'
import {model, user} from './turns.js'

/** What the conversation needs besides the records. */
export interface FinishOptions {
  path?: string
  /** Id when the rollout names no session id. */
  fallbackId: string
}

/** Builds the conversation; throws when no conversation could be assembled. */
export function finish(state: RolloutState, options: FinishOptions): Conversation {
  const {variant, meta, fidelity} = state
  if (variant === undefined) {
    throw new Error(
      'no Codex records found: expected {timestamp, type, payload} envelope lines, a legacy first line {id, ' +
        'timestamp} followed by response items, or a {session, items} document'
    )
  }
  for (const [key, turn] of state.assistantByKey) {
    const tokens = state.recordedTokens.get(key) ?? state.deltaTokens.get(key)
    if (tokens && (tokens.total === undefined || tokens.total > 0)) turn.tokens = tokens
  }
  const shown = state.turns.filter((turn) => turn.parts.length > 0)
  if (!shown.some((turn) => turn.role === 'user' || turn.role === 'assistant')) {
    const what =
      Object.keys(fidelity).length > 0
        ? Object.entries(fidelity)
            .map(([reason, n]) => `${n} ${reason}`)
            .join(', ')
        : 'no message records'
    throw new Error(
      `the rollout${meta.id ? ` of session ${meta.id}` : ''} holds no user prompt or assistant message (${what}): ` +
        'there is no conversation to convert'
    )
  }
  // A fork's file holds only its own turns (0.150, 0.171): the notice names the thread it came from. A subagent's
  // names the thread that spawned it, and how many of that thread's turns its file copies (not shown).
  const origin = meta.spawnedBy
    ? subagentNotice(meta, state.inheritedTurns.size)
    : meta.forkedFrom && forkNotice(meta.forkedFrom, state.inheritedTurns.size)
  if (origin) shown.unshift({role: 'system', parts: [origin]})

  const conversation: Conversation = {
    id: meta.id ?? options.fallbackId,
    source: {format: 'codex', variant, ...(options.path ? {path: options.path} : {})},
    participants: [user, model].map((participant) => ({...participant})),
    metadata: metadataOf(state),
    turns: shown,
    fidelity
  }
  const title = titleOf(meta, promptTitle(shown))
  if (title) conversation.title = title
  if (meta.createdAt) conversation.createdAt = meta.createdAt
  const updatedAt = meta.updatedAt ?? lastTimestamp(shown)
  if (updatedAt) conversation.updatedAt = updatedAt
  return conversation
}

/**
 * A name the user gave the thread stays; a title made from a fork's first prompt says it is a fork. A
 * subagent's first prompt is its own task (its parent's, copied before it, are not shown); a sealed task
 * leaves its agent's path.
 */
function titleOf(meta: SessionMeta, prompt: string | undefined): string | undefined {
  if (meta.threadName) return meta.threadName
  if (meta.spawnedBy) return prompt ?? `Subagent ${meta.agentPath ?? meta.agentNickname ?? `of ${meta.spawnedBy}`}`
  return prompt && meta.forkedFrom ? `${prompt} (fork)` : prompt
}

function metadataOf(state: RolloutState): ConversationMetadata {
  const {meta, recordedTokens, deltaTokens} = state
  const result: ConversationMetadata = {}
  if (state.models.length > 0) result.models = [...state.models]
  if (meta.cwd) result.project = meta.cwd
  if (meta.gitBranch) result.gitBranch = meta.gitBranch
  // A v2 subagent has a `forked_from_id` too (its parent's history is forked into it): it is the parent's subagent.
  if (meta.spawnedBy) result.parent = {id: meta.spawnedBy, relation: 'subagent'}
  else if (meta.forkedFrom) result.parent = {id: meta.forkedFrom, relation: 'fork'}
  // A fork's totals (and a subagent's, after a copy of its parent's history) start from its parent's: its own
  // usage is the sum of its turns.
  const own = sumTokens(
    [...state.assistantByKey.keys()].flatMap((key) => recordedTokens.get(key) ?? deltaTokens.get(key) ?? []),
    codexTokenKeys
  )
  const tokens = hasParent(meta) ? own : (sessionTotal(state) ?? own)
  if (tokens) result.tokens = {...tokens}
  const extra: Record<string, string | number | boolean> = {}
  if (meta.cliVersion) extra['cli_version'] = meta.cliVersion
  if (meta.originator) extra['originator'] = meta.originator
  if (meta.source) extra['session_source'] = meta.source
  if (meta.gitCommit) extra['git_commit'] = meta.gitCommit
  if (meta.agentPath) extra['agent_path'] = meta.agentPath
  if (meta.agentNickname) extra['agent_nickname'] = meta.agentNickname
  if (Object.keys(extra).length > 0) result.extra = extra
  return result
}

function lastTimestamp(turns: readonly Turn[]): string | undefined {
  for (let index = turns.length - 1; index >= 0; index--) {
    const timestamp = turns[index]?.timestamp
    if (timestamp) return timestamp
  }
  return undefined
}
