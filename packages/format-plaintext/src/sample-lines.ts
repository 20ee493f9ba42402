import type {Sample} from '@chatmark/core/read'

/**
 * The sample's text as numbered lines, the way `readLines` yields the whole
 * input (no `\r`, BOM already gone). The last line of a cut-off sample is
 * dropped: it may end mid-line.
 */
export function sampleLines(sample: Sample): Array<{text: string; line: number}> {
  const texts = sample.text.split('\n')
  if (!sample.complete) texts.pop()
  return texts.map((text, index) => ({text: text.endsWith('\r') ? text.slice(0, -1) : text, line: index + 1}))
}
