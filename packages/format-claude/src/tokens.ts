import type {TokenCounts} from '@chatmark/core/model'
import {isRecord, numberOf} from '@chatmark/core/model'

/** Token counts of one API message, with cache creation kept apart (the model has no field for it). */
export interface MessageTokens {
  counts: TokenCounts
  cacheCreation?: number
}

/**
 * Reads an Anthropic `usage` object: `input` is the uncached input,
 * `cached` the cache reads; `total` adds input, cache reads, cache writes and
 * output. Absent fields stay unknown.
 */
export function usageTokens(usage: unknown): MessageTokens | undefined {
  if (!isRecord(usage)) return undefined
  const input = numberOf(usage['input_tokens'])
  const output = numberOf(usage['output_tokens'])
  const cached = numberOf(usage['cache_read_input_tokens'])
  const cacheCreation = numberOf(usage['cache_creation_input_tokens'])
  const known = [input, output, cached, cacheCreation].filter((value): value is number => value !== undefined)
  if (known.length === 0) return undefined
  const counts: TokenCounts = {}
  if (input !== undefined) counts.input = input
  if (output !== undefined) counts.output = output
  if (cached !== undefined) counts.cached = cached
  counts.total = known.reduce((sum, value) => sum + value, 0)
  return cacheCreation === undefined ? {counts} : {counts, cacheCreation}
}
