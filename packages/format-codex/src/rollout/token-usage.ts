import {isRecord, stringOf} from '@chatmark/core/model'
import {subtractTokens, tokenCounts} from '../tokens.js'
import type {RolloutState} from './state.js'

/** A `token_count` event: the running total, and the current turn's share of it. */
export function tokenCount(state: RolloutState, info: unknown): void {
  if (!isRecord(info)) return
  const total = tokenCounts(info['total_token_usage'])
  if (!total) return
  state.lastTotal = total
  const {turnKey, turnStartTotal} = state
  if (turnKey && turnStartTotal) {
    const delta = subtractTokens(total, turnStartTotal)
    if (delta) state.deltaTokens.set(turnKey, delta)
  }
}

/** A `token_usage_record` line (0.17x): a turn's own usage, preferred to the difference of totals. */
export function tokenUsageRecord(state: RolloutState, payload: Record<string, unknown>): void {
  const key = stringOf(payload['turn_id'])
  const counts = tokenCounts(payload['turn_token_usage'])
  if (key && counts) state.recordedTokens.set(key, counts)
}
