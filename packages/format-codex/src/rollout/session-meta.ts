import {isRecord, isString, numberOf, stringOf} from '@chatmark/core/model'
import {metaText} from './message.js'
import type {RolloutState, SessionMeta} from './state.js'
import {startTurn} from './turns.js'

/** A `session_meta` payload (also the legacy first line and the TS CLI's `session`): what the thread is. */
export function sessionMeta(state: RolloutState, payload: Record<string, unknown>): void {
  const {meta} = state
  const timestamp = stringOf(payload['timestamp'])
  if (timestamp && !meta.createdAt) meta.createdAt = timestamp
  // Only the first session_meta describes the thread; a later one (the parent's, copied into a subagent's file, is
  // dropped before it gets here: `inherited.ts`) is tolerated.
  if (meta.id !== undefined) return
  const id = stringOf(payload['id'])
  if (id) meta.id = id
  const forkedFrom = stringOf(payload['forked_from_id'])
  if (forkedFrom) meta.forkedFrom = forkedFrom
  const cwd = stringOf(payload['cwd'])
  if (cwd) meta.cwd = cwd
  const originator = stringOf(payload['originator'])
  if (originator) meta.originator = originator
  const cliVersion = stringOf(payload['cli_version'])
  if (cliVersion) meta.cliVersion = cliVersion
  const source = payload['source']
  if (isString(source)) meta.source = source
  else if (isRecord(source) && 'subagent' in source) {
    const subagent = source['subagent']
    meta.source = isString(subagent) ? `subagent: ${subagent}` : 'subagent'
    // A spawned thread names the thread that started it (`SubAgentSource::ThreadSpawn`, codex-rs protocol;
    // 0.171 adds `agent_path` and `agent_nickname`).
    const spawn = isRecord(subagent) && isRecord(subagent['thread_spawn']) ? subagent['thread_spawn'] : undefined
    if (spawn) spawned(meta, spawn)
  }
  // 0.171 also writes the spawn at the top level (`thread_source: "subagent"`, `parent_thread_id`, `agent_path`).
  if (payload['thread_source'] === 'subagent') spawned(meta, payload)
  const start = numberOf(payload['subagent_history_start_ordinal'])
  if (start !== undefined && start >= 0) meta.ownHistoryStart = start
  const git = payload['git']
  if (isRecord(git)) {
    const branch = stringOf(git['branch'])
    if (branch) meta.gitBranch = branch
    const commit = stringOf(git['commit_hash'])
    if (commit) meta.gitCommit = commit
  }
  // The TS CLI and legacy files keep the user's custom instructions here.
  const instructions = stringOf(payload['instructions'])
  if (instructions?.trim()) metaText(state, 'injected-context', 'Custom instructions', instructions, timestamp)
}

/** What a subagent's spawn record says; the first value of each field stays. */
function spawned(meta: SessionMeta, spawn: Record<string, unknown>): void {
  const parent = stringOf(spawn['parent_thread_id'])
  if (parent && !meta.spawnedBy) meta.spawnedBy = parent
  const path = stringOf(spawn['agent_path'])
  if (path && !meta.agentPath) meta.agentPath = path
  const nickname = stringOf(spawn['agent_nickname'])
  if (nickname && !meta.agentNickname) meta.agentNickname = nickname
}

/** A `turn_context` payload: the turn's model and working directory, and its turn id. */
export function turnContext(state: RolloutState, payload: Record<string, unknown>): void {
  const name = stringOf(payload['model'])
  if (name) {
    state.currentModel = name
    if (!state.models.includes(name)) state.models.push(name)
    const {open} = state
    if (open && !open.model) open.model = name
  }
  const cwd = stringOf(payload['cwd'])
  if (cwd && !state.meta.cwd) state.meta.cwd = cwd
  startTurn(state, stringOf(payload['turn_id']))
}
