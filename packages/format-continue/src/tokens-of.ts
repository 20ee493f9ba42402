import type {TokenCounts} from '@chatmark/core/model'
import {isRecord, numberOf} from '@chatmark/core/model'

/**
 * Token counts of a message's `usage`, as the OpenAI-style usage object
 * Continue stores (`prompt_tokens`, `completion_tokens`, `total_tokens`,
 * `prompt_tokens_details.cached_tokens`, `completion_tokens_details.reasoning_tokens`);
 * a count the usage lacks stays absent.
 */
export function tokensOf(usage: unknown): TokenCounts | undefined {
  if (!isRecord(usage)) return undefined
  const prompt = isRecord(usage['prompt_tokens_details']) ? usage['prompt_tokens_details'] : {}
  const completion = isRecord(usage['completion_tokens_details']) ? usage['completion_tokens_details'] : {}
  const counts: TokenCounts = {}
  const set = (key: keyof TokenCounts, value: unknown): void => {
    const number = numberOf(value)
    if (number !== undefined) counts[key] = number
  }
  set('input', usage['prompt_tokens'])
  set('output', usage['completion_tokens'])
  set('cached', prompt['cached_tokens'])
  set('thoughts', completion['reasoning_tokens'])
  set('total', usage['total_tokens'])
  return Object.keys(counts).length > 0 ? counts : undefined
}
