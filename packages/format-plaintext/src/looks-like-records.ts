import {closesCodeFence, codeFenceOpening} from './code-fence.js'
import type {CodeFence} from './code-fence.js'

/** At or above this share of record lines, text is a log of records. */
const recordLineShare = 0.8
/** Fewer non-blank lines than this are too few to call a log. */
const minLines = 2

// A line that starts with a record prefix and then says something: a
// bracketed stamp or level (`[09:14]`, `[2024-05-01 10:00:01]`, `[INFO]`, but
// not a Markdown link `[text](url)` or reference `[text]:`), an IRC nick
// (`<alice>`), or a date or time.
const recordPrefix = [
  String.raw`\[[^\]]{1,40}\](?![(:[])`,
  String.raw`<[^>\s]{1,40}>`,
  String.raw`\d{4}-\d{2}-\d{2}`,
  String.raw`\d{1,2}[/.]\d{1,2}[/.]\d{2,4}`,
  String.raw`\d{1,2}:\d{2}(?::\d{2})?\b`
].join('|')
const recordLine = new RegExp(String.raw`^(?:${recordPrefix})\s*[\s,:-]\s*\S`)

/**
 * Whether text is a log of records, one per line (`[09:14] <alice> hi`,
 * WhatsApp's `[01/05/24, 10:00:01] Alice: hi`, an application log): a
 * format of its own. Plain text declines such input, so that dispatch fails
 * naming it (and a custom format can claim it) instead of making a one-turn
 * note of raw lines. Fenced code blocks are ignored.
 */
export function looksLikeRecords(lines: Iterable<{text: string}>): boolean {
  let fence: CodeFence | undefined
  let total = 0
  let records = 0
  for (const {text} of lines) {
    if (fence) {
      if (closesCodeFence(text, fence)) fence = undefined
      continue
    }
    fence = codeFenceOpening(text)
    if (fence || !/\S/.test(text)) continue
    total++
    if (recordLine.test(text)) records++
  }
  return total >= minLines && records >= total * recordLineShare
}
