import type {TokenCounts} from '@chatmark/core/model'
import {isRecord, numberOf} from '@chatmark/core/model'

/**
 * An assistant message's `tokens` (`{total, input, output, reasoning,
 * cache: {read, write}}`; `output` excludes `reasoning`, `total` is written
 * since 1.2) as the model's counts; `undefined` when none is a number.
 */
export function tokenCounts(value: unknown): TokenCounts | undefined {
  if (!isRecord(value)) return undefined
  const cache = isRecord(value['cache']) ? value['cache'] : {}
  const counts: TokenCounts = {}
  const input = numberOf(value['input'])
  const output = numberOf(value['output'])
  const cached = numberOf(cache['read'])
  const thoughts = numberOf(value['reasoning'])
  const total = numberOf(value['total'])
  if (input !== undefined) counts.input = input
  if (output !== undefined) counts.output = output
  if (cached !== undefined) counts.cached = cached
  if (thoughts !== undefined) counts.thoughts = thoughts
  if (total !== undefined) counts.total = total
  return Object.keys(counts).length > 0 ? counts : undefined
}
