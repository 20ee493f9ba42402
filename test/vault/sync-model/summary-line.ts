/** The counts of a sync's summary line, by the word that names each (`new`, `updated`, `kept`...). */
export type SummaryCounts = Record<string, number>

/**
 * Reads `12 new, 3 updated, 1,480 unchanged, 1 renamed, 2 kept because edited, 0 failed` from what a sync printed
 * on stderr (the last such line), by name, so fields added or reordered do not matter: each count is named by its
 * first word. `undefined` when there is no summary line.
 */
export function summaryCounts(stderr: string): SummaryCounts | undefined {
  const line = stderr
    .split('\n')
    .reverse()
    .find((candidate) => /\b\d[\d,]* new\b/.test(candidate) && /\b\d[\d,]* failed\b/.test(candidate))
  if (line === undefined) return undefined
  const counts: SummaryCounts = {}
  for (const match of line.matchAll(/(\d[\d,]*) ([a-z]+)/g)) {
    const [, count, name] = match
    if (count !== undefined && name !== undefined) counts[name] = Number(count.replaceAll(',', ''))
  }
  return counts
}

/** Whether a sync was refused because another holds the vault. */
export function refusedAsLocked(run: {code: number | null; stderr: string}): boolean {
  return run.code === 2 && /another chatmark sync/.test(run.stderr)
}
