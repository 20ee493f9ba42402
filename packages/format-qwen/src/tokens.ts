import type {TokenCounts} from '@chatmark/core/model'
import {isRecord, numberOf} from '@chatmark/core/model'

/**
 * An assistant record's `usageMetadata` (Gemini's
 * `GenerateContentResponseUsageMetadata`, which Qwen Code fills from the
 * OpenAI usage too) as counts. `candidatesTokenCount` includes
 * `thoughtsTokenCount` over the OpenAI protocol (observed on 0.24.4:
 * 63 = 31 text + 32 thoughts), so it is the output as the API billed it.
 */
export function tokenCounts(value: unknown): TokenCounts | undefined {
  if (!isRecord(value)) return undefined
  const fields: ReadonlyArray<[keyof TokenCounts, string]> = [
    ['input', 'promptTokenCount'],
    ['output', 'candidatesTokenCount'],
    ['cached', 'cachedContentTokenCount'],
    ['thoughts', 'thoughtsTokenCount'],
    ['tool', 'toolUsePromptTokenCount'],
    ['total', 'totalTokenCount']
  ]
  const counts: TokenCounts = {}
  for (const [key, field] of fields) {
    const count = numberOf(value[field])
    if (count !== undefined) counts[key] = count
  }
  return Object.keys(counts).length > 0 ? counts : undefined
}
