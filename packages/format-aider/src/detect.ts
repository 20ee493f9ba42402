import type {Sample, Verdict} from '@chatmark/core/read'
import {lineBreak, sessionHeader, toolLine, userLine} from './types.js'

/** How many lines of the sample detection looks at. */
const maxSampleLines = 2000

/**
 * Detects an Aider chat history: a `# aider chat started at <time>` line is
 * written by aider alone (certain); without one in the sample, `#### ` input
 * lines and `> ` output lines that both end in aider's two-space line break
 * are likely. Pure and synchronous; reads only the sample.
 */
export function detect(sample: Sample): Verdict {
  if (sample.kind !== 'text') return {confidence: 'none', reason: `${sample.kind} input, not an Aider chat history`}
  const lines = sample.text.split('\n', maxSampleLines).map((line) => line.replace(/\r$/, ''))
  const header = lines.findIndex((line) => sessionHeader.test(line))
  if (header !== -1)
    return {confidence: 'certain', reason: `"# aider chat started at <time>" line (line ${header + 1})`}
  const inputs = lines.filter((line) => userLine.test(line) && lineBreak.test(line)).length
  const outputs = lines.filter((line) => toolLine.test(line) && lineBreak.test(line)).length
  if (inputs >= 2 && outputs >= 1) {
    return {
      confidence: 'likely',
      reason:
        `${inputs} "#### " input lines and ${outputs} "> " output lines ending in two spaces, ` +
        'no session start line'
    }
  }
  return {confidence: 'none', reason: 'no "# aider chat started at" line, and no "#### " input lines'}
}
