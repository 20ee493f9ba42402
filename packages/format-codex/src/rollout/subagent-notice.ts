import type {SubagentNotice} from '@chatmark/core/model'
import type {SessionMeta} from './state.js'

/**
 * The notice at the top of a subagent's note: which thread spawned it, as which agent, and how many of that
 * thread's turns its file copies before its own task (they are in the parent's note, not repeated here).
 */
export function subagentNotice(meta: SessionMeta, copiedTurns: number): SubagentNotice | undefined {
  const parent = meta.spawnedBy
  if (!parent) return undefined
  const notice: SubagentNotice = {type: 'notice', level: 'info', kind: 'subagent', parent}
  if (meta.agentPath) notice.agent = meta.agentPath
  // The nickname is shown after the path, so without a path there is nothing to put it after.
  if (meta.agentPath && meta.agentNickname) notice.nickname = meta.agentNickname
  if (copiedTurns > 0) notice.copiedTurns = copiedTurns
  return notice
}
