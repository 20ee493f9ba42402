import leven from 'leven'

/**
 * The known long option closest to a mistyped one (`ouptut` -> `output`), by
 * edit distance, or `undefined` when none is close: at most one edit per
 * three characters (rounded up), so `--jbos` finds `--jobs` while a two-letter
 * slip never turns into a different short option (`--xy` is not `--to`). A
 * tie goes to the option made of the same letters, since swapped letters are
 * the commonest slip and cost two edits (`jbos` is as near `json`), then to
 * the first known.
 */
export function closestOption(name: string, known: Iterable<string>): string | undefined {
  const typed = name.toLowerCase()
  const most = Math.ceil(typed.length / 3)
  const letters = sortedLetters(typed)
  let best: {option: string; distance: number} | undefined
  for (const option of known) {
    const distance = leven(typed, option, {maxDistance: most + 1}) - (sortedLetters(option) === letters ? 0.5 : 0)
    if (distance <= most && (best === undefined || distance < best.distance)) best = {option, distance}
  }
  return best?.option
}

function sortedLetters(text: string): string {
  return [...text].sort().join('')
}
