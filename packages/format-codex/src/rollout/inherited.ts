import {numberOf, stringOf} from '@chatmark/core/model'
import type {RolloutState} from './state.js'
import {count, hasParent} from './state.js'

/** An envelope line: `{timestamp, ordinal?, type, payload}`. */
export interface EnvelopeLine {
  type: string
  payload: Record<string, unknown>
  [key: string]: unknown
}

/**
 * Whether an envelope line is a copy of the parent's history, not the thread's own. A subagent spawned with
 * its parent's history (`fork_turns: "all"`, the default of multi-agent v2 in 0.171; `fork_context` before)
 * begins its file with that history: the parent's `session_meta`, prompts, answers, tool calls and
 * `token_count` totals, then the child's own task. The note shows only the child's own turns, so the copy is
 * counted (`parent-history`), its turns are counted for the notice, and its totals are not the child's.
 *
 * - 0.17x: `session_meta.subagent_history_start_ordinal` names the first record of the child's own history;
 *   every record before it (by `ordinal`) is copied (seen in 0.171.0, whose copies carry new timestamps).
 * - Without it: after a second `session_meta` (the parent's), a record older than the thread itself is copied
 *   (a copy that kept the parent's timestamps). A record that cannot be told apart is kept: the note never
 *   drops the thread's own turns.
 */
export function inheritedLine(state: RolloutState, line: EnvelopeLine): boolean {
  const {meta} = state
  // The first session_meta is the thread's own; records before it (none in files Codex writes) are kept.
  if (meta.id === undefined || !hasParent(meta)) return false
  const inherited = copied(state, line)
  if (inherited) {
    count(state, 'parent-history')
    const {payload} = line
    const turn = line.type === 'turn_context' || payload['type'] === 'task_started' ? payload['turn_id'] : undefined
    const id = stringOf(turn)
    if (id) state.inheritedTurns.add(id)
  }
  return inherited
}

function copied(state: RolloutState, line: EnvelopeLine): boolean {
  const {meta} = state
  const ordinal = numberOf(line['ordinal'])
  if (meta.ownHistoryStart !== undefined && ordinal !== undefined) return ordinal < meta.ownHistoryStart
  const {payload} = line
  // The parent's session_meta opens the copy.
  if (line.type === 'session_meta' && stringOf(payload['id']) !== meta.id) {
    state.parentMetaSeen = true
    return true
  }
  if (!state.parentMetaSeen) return false
  // A record naming this thread (`thread_id`, 0.17x events) is its own.
  const thread = stringOf(payload['thread_id'])
  if (thread) return thread !== meta.id
  const at = Date.parse(stringOf(line['timestamp']) ?? '')
  const created = Date.parse(meta.createdAt ?? '')
  return Number.isFinite(at) && Number.isFinite(created) && at < created
}
