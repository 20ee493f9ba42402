/** `lines` joined, without the blank lines around them. */
export function trimBlankLines(lines: readonly string[]): string {
  let start = 0
  let end = lines.length
  while (start < end && !/\S/.test(lines[start] ?? '')) start++
  while (end > start && !/\S/.test(lines[end - 1] ?? '')) end--
  return lines.slice(start, end).join('\n')
}
