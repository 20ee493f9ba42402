const atxHeading = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/

/** The text of a level-1 ATX heading (`# Title`), or `undefined` when `line` is not one. */
export function titleHeading(line: string): string | undefined {
  const text = atxHeading.exec(line)?.[1]?.trim()
  return text ? text : undefined
}
