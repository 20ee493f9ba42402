import type {Conversation, ConversationMetadata, TokenCounts, Turn} from '@chatmark/core/model'
import {addTokens, isRecord, numberBranches, numberOf, timeOf, userParticipant} from '@chatmark/core/model'
import type {SessionState, ShutdownMetrics} from './state.js'
import {model} from './timeline.js'

/** What the reader knows of the session from outside its events (`workspace.yaml`, the file's name). */
export interface FinishOptions {
  fallbackId: string
  path?: string
  variant: string
  /**
   * `workspace.yaml`'s `name` (the session's name, `/rename`d or made from its first prompt; 1.0.20 wrote a
   * `summary` instead) and `cwd`.
   */
  workspace?: {name?: string; summary?: string; cwd?: string}
}

/** The conversation of a state: sub-agents nested under their calls, tokens, models and the session's facts. */
export function finish(state: SessionState, options: FinishOptions): Conversation {
  const turns = state.main.turns
  nestSubagents(state, turns)
  numberBranches(turns)
  const {info} = state
  const metadata: ConversationMetadata = {}
  if (state.models.length > 0) metadata.models = [...state.models]
  const project = info.cwd ?? options.workspace?.cwd
  if (project) metadata.project = project
  if (info.branch) metadata.gitBranch = info.branch
  if (state.fork) metadata.parent = {id: state.fork.parent, relation: 'fork'}
  const tokens = state.usageRecords > 0 ? state.tokens : shutdownTokens(state.shutdowns)
  if (tokens && Object.keys(tokens).length > 0) metadata.tokens = tokens
  const extra = extraOf(state)
  if (Object.keys(extra).length > 0) metadata.extra = extra

  const conversation: Conversation = {
    id: info.sessionId ?? options.fallbackId,
    source: {format: 'copilot-cli', variant: options.variant, ...(options.path ? {path: options.path} : {})},
    participants: [userParticipant(), model],
    metadata,
    turns,
    fidelity: state.fidelity
  }
  const title = info.title ?? options.workspace?.name ?? options.workspace?.summary
  if (title?.trim()) conversation.title = title
  const createdAt = timeOf(info.startTime) ?? timeOf(info.firstTimestamp)
  if (createdAt) conversation.createdAt = createdAt
  const updatedAt = timeOf(info.lastTimestamp)
  if (updatedAt) conversation.updatedAt = updatedAt
  return conversation
}

/**
 * Each sub-agent's turns under the call that started it; a sub-agent whose call is not in the file is shown where
 * the session ends, under a call of its own name, rather than lost.
 */
function nestSubagents(state: SessionState, turns: Turn[]): void {
  for (const [key, timeline] of state.subagents) {
    if (timeline.turns.length === 0) continue
    const call = state.calls.get(timeline.toolCallId ?? key)
    if (call) {
      call.subagent = [...(call.subagent ?? []), ...timeline.turns]
      continue
    }
    turns.push({
      role: 'assistant',
      author: model.id,
      parts: [{type: 'tool-call', text: timeline.name ?? 'Sub-agent', name: 'task', subagent: timeline.turns}]
    })
  }
}

/**
 * The tokens of the `session.shutdown` metrics: the last cumulative shutdown's (1.0.9x), plus every per-run one
 * after it (1.0.20 writes only those).
 */
export function shutdownTokens(shutdowns: readonly ShutdownMetrics[]): TokenCounts | undefined {
  let last = -1
  shutdowns.forEach((metrics, index) => {
    if (metrics.cumulative) last = index
  })
  const total: TokenCounts = {}
  for (const metrics of shutdowns.slice(Math.max(last, 0)))
    for (const tokens of metrics.models.values()) addTokens(total, tokens)
  return Object.keys(total).length > 0 ? total : undefined
}

/** The CLI's (or extension's) version, VS Code's, the repository, and the code changes of the last shutdown. */
function extraOf(state: SessionState): Record<string, string | number> {
  const {info} = state
  const extra: Record<string, string | number> = {}
  if (info.copilotVersion) extra['cliVersion'] = info.copilotVersion
  if (info.vscodeVersion) extra['vscodeVersion'] = info.vscodeVersion
  if (info.repository) extra['repository'] = info.repository
  const changes = state.lastShutdown?.['codeChanges']
  if (isRecord(changes)) {
    const added = numberOf(changes['linesAdded'])
    const removed = numberOf(changes['linesRemoved'])
    const files = Array.isArray(changes['filesModified']) ? changes['filesModified'].length : undefined
    if (added) extra['linesAdded'] = added
    if (removed) extra['linesRemoved'] = removed
    if (files) extra['filesModified'] = files
  }
  return extra
}
