import type {TokenCounts} from './model.js'

/** The fields of {@link TokenCounts}, in the order a sum writes them unless told otherwise. */
export const tokenKeys = [
  'input',
  'output',
  'cached',
  'cacheCreation',
  'thoughts',
  'tool',
  'total'
] as const satisfies readonly (keyof TokenCounts)[]

/**
 * Adds `next` into `sum` in place, field by field: a field stays absent
 * (unknown) until some counts report it, so an unknown count never reads as
 * zero and a reported zero stays zero. `keys` are the fields added, in the
 * order a field new to `sum` is written (it shows in the model's JSON).
 */
export function addTokens(
  sum: TokenCounts,
  next: Readonly<TokenCounts>,
  keys: readonly (keyof TokenCounts)[] = tokenKeys
): void {
  for (const key of keys) {
    const value = next[key]
    if (value !== undefined) sum[key] = (sum[key] ?? 0) + value
  }
}

/**
 * Sums counts field by field with {@link addTokens}: a field no entry
 * reported stays absent (unknown, not zero); `undefined` when no entry
 * reported any field.
 */
export function sumTokens(
  counts: Iterable<Readonly<TokenCounts>>,
  keys: readonly (keyof TokenCounts)[] = tokenKeys
): TokenCounts | undefined {
  const total: TokenCounts = {}
  for (const count of counts) addTokens(total, count, keys)
  return Object.keys(total).length > 0 ? total : undefined
}

/** The counts with their fields in the order of {@link tokenKeys}: a note writes them so, whatever the reader did. */
export function tokensInOrder(tokens: Readonly<TokenCounts>): TokenCounts {
  const ordered: TokenCounts = {}
  for (const key of tokenKeys) if (tokens[key] !== undefined) ordered[key] = tokens[key]
  return ordered
}
