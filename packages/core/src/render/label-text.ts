/** The longest call summary shown in the label, in characters; the input block holds the rest. */
const labelChars = 80

/**
 * A call's summary as the one short line of its label: the first line that
 * is not blank, its whitespace folded, cut to {@link labelChars} with `…`. A
 * script or heredoc (`bash -lc "apply_patch <<'PATCH' ..."`) never spills into
 * the label; its full text is in the input block.
 */
export function labelText(summary: string): string {
  // The first line that is not blank, and whether another follows: found line by line, as a call's text may be a
  // whole script, which splitting into all of its lines (and its first line into code points) made costly.
  let first: string | undefined
  let more = false
  for (let start = 0; start <= summary.length; ) {
    const next = summary.indexOf('\n', start)
    const end = next === -1 ? summary.length : next
    const line = summary.slice(start, end)
    if (line.trim() !== '') {
      if (first !== undefined) {
        more = true
        break
      }
      first = line
    }
    start = end + 1
  }
  const folded = (first ?? '').replace(/\s+/g, ' ').trim()
  // Code points never outnumber UTF-16 units: a short line needs no count.
  if (folded.length <= labelChars && !more) return folded
  const characters = Array.from(folded)
  if (characters.length <= labelChars && !more) return folded
  const cut = characters.slice(0, labelChars).join('').trimEnd()
  return `${cut}…`
}
