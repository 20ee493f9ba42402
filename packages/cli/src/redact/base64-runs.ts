import {Buffer} from 'node:buffer'

/** A run of base64 in a text that decodes to text: where it is and what it says. */
export interface Base64Run {
  start: number
  end: number
  decoded: string
}

/**
 * The shortest run looked at: 24 characters are 18 bytes, shorter than any token's base64 (a GitHub token's is
 * 53 characters), longer than most words and ids.
 */
export const minimumRunLength = 24

/** Whether each ASCII code is a base64 character, of either alphabet (`+/` or `-_`). */
const inAlphabet = new Uint8Array(128)
for (const character of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_') {
  inAlphabet[character.charCodeAt(0)] = 1
}

const isBase64 = (code: number): boolean => code < 128 && inAlphabet[code] === 1

/**
 * The runs of base64 in `text` that decode to printable ASCII (a token wrapped as `Z2hwX...`, a JSON credential
 * file encoded for an environment variable). A run of at least {@link minimumRunLength} characters holds a
 * position that is a multiple of that length, so only those positions are probed, and a run is measured from
 * there: the text is looked at about once in every 24 characters, where a regular expression for such runs
 * would try every position (37 MB/s on the bench sessions).
 */
export function base64Runs(text: string): Base64Run[] {
  const runs: Base64Run[] = []
  let next = 0
  for (let probe = minimumRunLength - 1; probe < text.length; probe += minimumRunLength) {
    if (probe < next || !isBase64(text.charCodeAt(probe))) continue
    let start = probe
    while (start > next && isBase64(text.charCodeAt(start - 1))) start--
    let end = probe + 1
    while (end < text.length && isBase64(text.charCodeAt(end))) end++
    next = end
    if (end - start < minimumRunLength) continue
    // Padding belongs to the run.
    while (end < text.length && text.charCodeAt(end) === 61 && end - next < 2) end++
    const decoded = printableText(text.slice(start, end))
    if (decoded !== undefined) runs.push({start, end, decoded})
  }
  return runs
}

/** What a run decodes to, when it is printable ASCII (tabs and line breaks allowed); a mixed alphabet is not base64. */
function printableText(run: string): string | undefined {
  const standard = run.includes('+') || run.includes('/')
  if (standard && (run.includes('-') || run.includes('_'))) return undefined
  const encoding = standard ? 'base64' : 'base64url'
  // Most runs are paths, hashes and ids: their first 18 bytes already show they are not text.
  if (!printable(Buffer.from(run.slice(0, minimumRunLength), encoding))) return undefined
  const bytes = Buffer.from(run, encoding)
  return printable(bytes) ? bytes.toString('latin1') : undefined
}

function printable(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if ((byte < 0x20 || byte > 0x7e) && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false
  }
  return true
}
