/** A secret found in a string: where it is (`start` to `end`, UTF-16 code units) and what its marker calls it. */
export interface FoundSecret {
  start: number
  end: number
  /** As the marker names it: `[redacted: GitHub token]`. */
  kind: string
}

/**
 * The secrets sorted by where they start, overlapping ones merged into the first (two rules may find one
 * secret, or parts of it: secretlint's whole URL and the password in it), so that each is replaced and
 * counted once.
 */
export function mergedSecrets(found: readonly FoundSecret[]): FoundSecret[] {
  const sorted = [...found].sort((a, b) => a.start - b.start || b.end - a.end)
  const merged: FoundSecret[] = []
  for (const secret of sorted) {
    const last = merged.at(-1)
    if (last && secret.start < last.end) last.end = Math.max(last.end, secret.end)
    else merged.push({...secret})
  }
  return merged
}
