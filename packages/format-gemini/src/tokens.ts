import type {TokenCounts} from '@chatmark/core'
import {isRecord, numberOf} from '@chatmark/core'

const keys = ['input', 'output', 'cached', 'thoughts', 'tool', 'total'] as const

/** A message's `tokens` (TokensSummary) as counts; `undefined` when absent or `null`. */
export function tokenCounts(value: unknown): TokenCounts | undefined {
  if (!isRecord(value)) return undefined
  const counts: TokenCounts = {}
  for (const key of keys) {
    const count = numberOf(value[key])
    if (count !== undefined) counts[key] = count
  }
  return Object.keys(counts).length > 0 ? counts : undefined
}

/** Sums counts field by field; a field no turn reported stays absent (unknown, not zero). */
export function sumTokens(counts: Iterable<TokenCounts>): TokenCounts | undefined {
  const total: TokenCounts = {}
  for (const count of counts) {
    for (const key of keys) {
      const value = count[key]
      if (value !== undefined) total[key] = (total[key] ?? 0) + value
    }
  }
  return Object.keys(total).length > 0 ? total : undefined
}
