import type {Sample} from '@chatmark/core/read'

/** Share of control characters (per mille of the text) above which text is binary-ish. */
const maxControlPerMille = 5

// C0 controls and DEL, except tab, line feed, vertical tab, form feed,
// carriage return and escape (logs keep ANSI colour codes).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this counts
const control = /[\u0000-\u0008\u000E-\u001A\u001C-\u001F\u007F]/g

/**
 * Why the sample is not text that plain text may claim, or `undefined` when it
 * is: the dispatcher must never dress structured data or binary up as prose.
 */
export function unreadableReason(sample: Sample): string | undefined {
  switch (sample.kind) {
    case 'empty':
      return 'input is empty'
    case 'binary':
      return sample.magic ? `input is a ${sample.magic} archive, not text` : 'input is binary, not text'
    case 'json':
      // The sample calls a document that starts with JSON tokens JSON even
      // when it is broken, so this covers invalid JSON too.
      return 'input is JSON (or starts like JSON); plain text does not claim structured data'
    case 'jsonl':
      return 'input is JSON Lines; plain text does not claim structured data'
    case 'folder':
      return 'input is a folder of files, not a text transcript'
    case 'text':
      break
  }
  // The sample calls `{ not json` text (no JSON token follows the brace), but
  // prose never starts with a brace: it is broken JSON or code.
  if (sample.text.trimStart().startsWith('{'))
    return 'input starts with `{` but is not JSON: broken JSON or code, not plain text'
  if (!isValidUtf8(sample)) return 'input is not valid UTF-8 text'
  const controls = sample.text.match(control)?.length ?? 0
  if (controls * 1000 > sample.text.length * maxControlPerMille) {
    return `input looks binary: ${controls} control characters in the first ${sample.bytes.byteLength} bytes`
  }
  return undefined
}

function isValidUtf8(sample: Sample): boolean {
  try {
    // Streaming mode tolerates a character cut by the sample bound.
    new TextDecoder('utf-8', {fatal: true}).decode(sample.bytes, {stream: !sample.complete})
    return true
  } catch {
    return false
  }
}
