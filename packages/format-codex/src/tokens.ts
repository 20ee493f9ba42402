import type {TokenCounts} from '@chatmark/core/model'
import {isRecord, numberOf} from '@chatmark/core/model'

const fields = [
  ['input', 'input_tokens'],
  ['cached', 'cached_input_tokens'],
  ['output', 'output_tokens'],
  ['thoughts', 'reasoning_output_tokens'],
  ['total', 'total_tokens']
] as const

/** The fields Codex reports, in the order its counts and sums write them. */
export const codexTokenKeys = fields.map(([key]) => key)

/** No tokens yet: where a session's running total starts. */
export const zeroTokens: Readonly<TokenCounts> = Object.freeze({input: 0, cached: 0, output: 0, thoughts: 0, total: 0})

/** Codex token usage (`{input_tokens, cached_input_tokens, ...}`) as counts; `undefined` when absent. */
export function tokenCounts(value: unknown): TokenCounts | undefined {
  if (!isRecord(value)) return undefined
  const counts: TokenCounts = {}
  for (const [key, field] of fields) {
    const count = numberOf(value[field])
    if (count !== undefined) counts[key] = count
  }
  return Object.keys(counts).length > 0 ? counts : undefined
}

/** `later - earlier`, field by field; a field missing from either stays absent. */
export function subtractTokens(later: TokenCounts, earlier: TokenCounts): TokenCounts | undefined {
  const counts: TokenCounts = {}
  for (const [key] of fields) {
    const a = later[key]
    const b = earlier[key]
    if (a !== undefined && b !== undefined && a >= b) counts[key] = a - b
  }
  return Object.keys(counts).length > 0 ? counts : undefined
}
