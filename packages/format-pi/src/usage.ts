import type {TokenCounts} from '@chatmark/core/model'
import {isRecord, numberOf} from '@chatmark/core/model'

/** An assistant message's usage: the model's counts, and what the model has no field for. */
export interface MessageUsage {
  counts?: TokenCounts
  /** `cacheWrite`: tokens written to the provider's prompt cache. */
  cacheWrite?: number
  /** `cost.total`, in US dollars as pi-ai prices it. */
  cost?: number
}

/**
 * Reads pi-ai's `Usage` (`{input, output, cacheRead, cacheWrite, totalTokens,
 * cost: {input, output, cacheRead, cacheWrite, total}}`; OpenClaw adds
 * `reasoningTokens`). `input` is the uncached input, `cacheRead` the cache
 * reads. A failed request carries all zeros: counts that are all zero say
 * nothing and are left out.
 */
export function messageUsage(value: unknown): MessageUsage {
  if (!isRecord(value)) return {}
  const counts: TokenCounts = {}
  const fields = [
    ['input', 'input'],
    ['output', 'output'],
    ['cached', 'cacheRead'],
    ['thoughts', 'reasoningTokens'],
    ['total', 'totalTokens']
  ] as const
  for (const [key, field] of fields) {
    const number = numberOf(value[field])
    if (number !== undefined) counts[key] = number
  }
  const usage: MessageUsage = {}
  if (Object.values(counts).some((count) => count > 0)) usage.counts = counts
  const cacheWrite = numberOf(value['cacheWrite'])
  if (cacheWrite !== undefined && cacheWrite > 0) usage.cacheWrite = cacheWrite
  const cost = isRecord(value['cost']) ? numberOf(value['cost']['total']) : undefined
  if (cost !== undefined && cost > 0) usage.cost = cost
  return usage
}
