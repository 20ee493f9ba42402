import type {NoticePart} from '@chatmark/core/model'
import type {SessionMeta} from './state.js'

/**
 * The notice at the top of a subagent's note: which thread spawned it, as which agent, and how many of that
 * thread's turns its file copies before its own task (they are in the parent's note, not repeated here).
 */
export function subagentNotice(meta: SessionMeta, copiedTurns: number): NoticePart | undefined {
  const parent = meta.spawnedBy
  if (!parent) return undefined
  const name = meta.agentPath ? `${meta.agentPath}${meta.agentNickname ? ` (${meta.agentNickname})` : ''}` : ''
  const copied =
    copiedTurns === 0
      ? ''
      : copiedTurns === 1
        ? " The turn before its task is that session's and is not repeated here."
        : ` The ${copiedTurns} turns before its task are that session's and are not repeated here.`
  const text = `Subagent${name ? ` ${name}` : ''} spawned by session ${parent}.${copied}`
  // A copy of the parent's history makes it a fork of that history too (`forked_from_id`, 0.171).
  return {type: 'notice', level: 'info', ...(copiedTurns > 0 || meta.forkedFrom ? {kind: 'fork'} : {}), text}
}
