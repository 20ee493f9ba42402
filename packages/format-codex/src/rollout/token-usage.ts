import type {TokenCounts} from '@chatmark/core/model'
import {isRecord, stringOf, sumTokens} from '@chatmark/core/model'
import {codexTokenKeys, subtractTokens, tokenCounts, zeroTokens} from '../tokens.js'
import type {RolloutState} from './state.js'
import {hasParent} from './state.js'

/**
 * A `token_count` event: the running total, and the current turn's share of
 * it (the total now less the total when the turn began, plus what the turn
 * used before the count restarted).
 */
export function tokenCount(state: RolloutState, info: unknown): void {
  if (!isRecord(info)) return
  const total = tokenCounts(info['total_token_usage'])
  if (!total) return
  const last = tokenCounts(info['last_token_usage'])
  const previous = state.lastTotal
  if (previous && restarted(total, last, previous)) {
    // Before 0.8x each `codex exec resume` (each process) counted from zero again in the same rollout (seen
    // in 0.34 to 0.77): the totals of the processes before add up to the session's.
    state.priorTotal = sumTokens([state.priorTotal ?? {}, previous], codexTokenKeys)
    const used = state.turnStartTotal && subtractTokens(previous, state.turnStartTotal)
    if (used) state.turnCarried = sumTokens([state.turnCarried ?? {}, used], codexTokenKeys)
    state.turnStartTotal = zeroTokens
  }
  // A fork's counts go on from its parent's total, which its file does not hold (0.150, 0.171), as do those of a
  // subagent whose file copies its parent's history (read as the parent's, see `inherited.ts`): where its first
  // own turn began is the first total less that call's own usage (zero for a subagent counting from zero).
  if (!state.turnStartTotal && hasParent(state.meta) && last) state.turnStartTotal = subtractTokens(total, last)
  state.lastTotal = total
  const {turnKey, turnStartTotal, turnCarried} = state
  if (turnKey && turnStartTotal) {
    const delta = subtractTokens(total, turnStartTotal)
    const turn = turnCarried ? sumTokens([turnCarried, delta ?? {}], codexTokenKeys) : delta
    if (turn) state.deltaTokens.set(turnKey, turn)
  }
}

/**
 * Whether the running total started again from zero: it went down, or it
 * equals this call's own usage although calls were counted before it. The
 * same total again (Codex repeats a count) is no restart.
 */
function restarted(total: TokenCounts, last: TokenCounts | undefined, previous: TokenCounts): boolean {
  if (sameTokens(total, previous)) return false
  if ((total.total ?? 0) < (previous.total ?? 0)) return true
  return last !== undefined && sameTokens(total, last) && (previous.total ?? 0) > 0
}

function sameTokens(a: TokenCounts, b: TokenCounts): boolean {
  return codexTokenKeys.every((key) => a[key] === b[key])
}

/** The session's usage: the running total, after those of the processes before a restart. */
export function sessionTotal(state: RolloutState): TokenCounts | undefined {
  const {priorTotal, lastTotal} = state
  return priorTotal && lastTotal ? sumTokens([priorTotal, lastTotal], codexTokenKeys) : lastTotal
}

/** A `token_usage_record` line (0.17x): a turn's own usage, preferred to the difference of totals. */
export function tokenUsageRecord(state: RolloutState, payload: Record<string, unknown>): void {
  const key = stringOf(payload['turn_id'])
  const counts = tokenCounts(payload['turn_token_usage'])
  if (key && counts) state.recordedTokens.set(key, counts)
}
