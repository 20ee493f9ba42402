/**
 * The text of a `>`-marker line without its marker, or `undefined` when the
 * line is not one. Only a `>` in the first column followed by a space, a tab
 * or nothing counts: MemPalace writes `> ` there, and this keeps `>>> ` (a
 * Python prompt) and indented quotes inside replies out.
 */
export function markerText(line: string): string | undefined {
  if (line.charCodeAt(0) !== 0x3e /* `>` */) return undefined
  if (line.length === 1) return ''
  const next = line.charAt(1)
  return next === ' ' || next === '\t' ? line.slice(2) : undefined
}
