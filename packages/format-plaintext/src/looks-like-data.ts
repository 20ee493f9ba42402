import {closesCodeFence, codeFenceOpening} from './code-fence.js'
import type {CodeFence} from './code-fence.js'

/** At or above this share of lines that look like data (or code), text is not prose. */
const dataLineShare = 0.5
/** At or above this share of braces among visible characters, text is not prose. */
const braceShare = 0.05
/** Below this many visible characters, there is too little text to judge. */
const minCharacters = 16

// Opens or closes an object or array, or starts with a quoted key. A line
// starting with `[text](url)` or a quotation in dialogue is prose.
const dataLine = /^(?:[{}\]]|\[(?:[[{"\d\]-]|$)|"[^"]*"\s*:)|[{[]$/

/**
 * Whether text is data or code rather than prose: most of its lines open or
 * close a `{}`/`[]` structure or start with a quoted key, or braces are a
 * large share of its characters. Fenced code blocks are ignored (a note may
 * quote JSON). Catches what the sample does not call JSON: JSON after a
 * comment or an anti-XSSI prefix (`)]}'`), JavaScript object literals, logs of
 * JSON blobs.
 */
export function looksLikeData(lines: Iterable<{text: string}>): boolean {
  let fence: CodeFence | undefined
  let total = 0
  let dataLike = 0
  let visible = 0
  let braces = 0

  for (const {text} of lines) {
    if (fence) {
      if (closesCodeFence(text, fence)) fence = undefined
      continue
    }
    fence = codeFenceOpening(text)
    if (fence) continue
    const trimmed = text.trim()
    if (trimmed === '') continue
    total++
    if (dataLine.test(trimmed)) dataLike++
    visible += trimmed.replace(/\s+/g, '').length
    braces += trimmed.match(/[{}]/g)?.length ?? 0
  }

  if (visible < minCharacters) return false
  return dataLike >= total * dataLineShare || braces >= visible * braceShare
}
