import type {TokenCounts} from '@chatmark/core/model'
import {isRecord, numberOf, tokenKeys} from '@chatmark/core/model'

/** A message's `tokens` (TokensSummary) as counts; `undefined` when absent or `null`. */
export function tokenCounts(value: unknown): TokenCounts | undefined {
  if (!isRecord(value)) return undefined
  const counts: TokenCounts = {}
  for (const key of tokenKeys) {
    const count = numberOf(value[key])
    if (count !== undefined) counts[key] = count
  }
  return Object.keys(counts).length > 0 ? counts : undefined
}
