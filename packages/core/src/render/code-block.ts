import type {Code} from 'mdast'
import {withoutAnsi} from './without-ansi.js'

/**
 * A fenced code block of verbatim text. Line endings become `\n`: a bare `\r`
 * (a progress bar's) is a line ending to Markdown, and inside a block quote or
 * callout the line after it would lose its `> ` and escape. One final line
 * ending is dropped (the fence supplies it), and a language that is not a
 * plain info-string word (`python`, `c++`, `objective-c`) is left out rather
 * than escaped. ANSI escape sequences (colours) are removed.
 */
export function codeBlock(value: string, language: string | undefined): Code {
  const lang = language !== undefined && /^[\w+#.-]+$/.test(language) ? language : null
  const plain = withoutAnsi(value)
  // Searched for first: most text has no `\r`, and a regular expression that anchors at the end walks the whole text.
  const lines = plain.includes('\r') ? plain.replace(/\r\n?/g, '\n') : plain
  return {type: 'code', lang, value: lines.endsWith('\n') ? lines.slice(0, -1) : lines}
}
