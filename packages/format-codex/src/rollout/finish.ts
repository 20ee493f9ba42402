import type {Conversation, ConversationMetadata, Turn} from '@chatmark/core/model'
import {forkNotice, sumTokens} from '@chatmark/core/model'
import {promptTitle} from '../prompt-title.js'
import {codexTokenKeys} from '../tokens.js'
import type {RolloutState} from './state.js'
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
  // A fork's file holds only its own turns (0.150, 0.171): the notice names the thread it came from.
  if (meta.forkedFrom) shown.unshift({role: 'system', parts: [forkNotice(meta.forkedFrom)]})

  const conversation: Conversation = {
    id: meta.id ?? options.fallbackId,
    source: {format: 'codex', variant, ...(options.path ? {path: options.path} : {})},
    participants: [user, model].map((participant) => ({...participant})),
    metadata: metadataOf(state),
    turns: shown,
    fidelity
  }
  // A name the user gave the thread stays; a title made from a fork's first prompt says it is a fork.
  const prompt = promptTitle(shown)
  const title = meta.threadName ?? (prompt && meta.forkedFrom ? `${prompt} (fork)` : prompt)
  if (title) conversation.title = title
  if (meta.createdAt) conversation.createdAt = meta.createdAt
  const updatedAt = meta.updatedAt ?? lastTimestamp(shown)
  if (updatedAt) conversation.updatedAt = updatedAt
  return conversation
}

function metadataOf(state: RolloutState): ConversationMetadata {
  const {meta, recordedTokens, deltaTokens} = state
  const result: ConversationMetadata = {}
  if (state.models.length > 0) result.models = [...state.models]
  if (meta.cwd) result.project = meta.cwd
  if (meta.gitBranch) result.gitBranch = meta.gitBranch
  if (meta.forkedFrom) result.parent = {id: meta.forkedFrom, relation: 'fork'}
  else if (meta.spawnedBy) result.parent = {id: meta.spawnedBy, relation: 'subagent'}
  // A fork's totals start from its parent's: its own usage is the sum of its turns.
  const own = sumTokens(
    [...state.assistantByKey.keys()].flatMap((key) => recordedTokens.get(key) ?? deltaTokens.get(key) ?? []),
    codexTokenKeys
  )
  const tokens = meta.forkedFrom ? own : (sessionTotal(state) ?? own)
  if (tokens) result.tokens = {...tokens}
  const extra: Record<string, string | number | boolean> = {}
  if (meta.cliVersion) extra['cli_version'] = meta.cliVersion
  if (meta.originator) extra['originator'] = meta.originator
  if (meta.source) extra['session_source'] = meta.source
  if (meta.gitCommit) extra['git_commit'] = meta.gitCommit
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
