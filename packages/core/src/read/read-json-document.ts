import type {Input} from './input.js'
import type {Limits} from './limits.js'
import {nestsDeeperThan} from './json-depth.js'
import {formatBytes} from './read-json-lines.js'

/**
 * Reads a whole input as one JSON document, for formats whose files are one
 * object and cannot be streamed (a legacy Gemini `.json` session, a Codex TS
 * CLI rollout, the Claude Code `loglines` wrapper). Inputs over
 * `limits.maxInputBytes` are refused before they are held, and a document
 * nested deeper than `limits.maxJsonDepth` before it is parsed; a BOM is dropped.
 * `expected` says what the format wanted, for the message when the text is
 * not JSON.
 */
export async function readJsonDocument(input: Input, limits: Limits, expected: string): Promise<unknown> {
  const limit = limits.maxInputBytes
  if (input.size !== undefined && input.size > limit) throw new Error(overLimit(limit, input.size))
  const chunks: Uint8Array[] = []
  let bytes = 0
  for await (const chunk of input.open()) {
    bytes += chunk.byteLength
    if (bytes > limit) throw new Error(overLimit(limit))
    chunks.push(chunk)
  }
  const whole = Buffer.concat(chunks)
  if (nestsDeeperThan(whole, limits.maxJsonDepth)) {
    throw new Error(`the input nests arrays or objects deeper than ${limits.maxJsonDepth} levels (maxJsonDepth)`)
  }
  let text = whole.toString('utf8')
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new Error(`the input is not valid JSON (${detail}); expected ${expected}`)
  }
}

function overLimit(limit: number, size?: number): string {
  const what = size === undefined ? 'the input is' : `the input is ${formatBytes(size)},`
  return (
    `${what} over the ${formatBytes(limit)} limit for reading one JSON document whole (maxInputBytes); raise ` +
    `maxInputBytes to read it`
  )
}

/**
 * Whether an input is one multi-line JSON document rather than JSON Lines:
 * its first line is complete and is not JSON on its own (a pretty-printed
 * legacy Gemini session or Codex TS rollout). A first line longer than
 * `sampleBytes` is taken for a long JSONL record. This is how Gemini CLI's
 * own loader ends up on its whole-file fallback for `.json` sessions.
 */
export async function startsAsJsonDocument(input: Input, sampleBytes: number): Promise<boolean> {
  const head = await input.head(sampleBytes)
  let text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('utf8')
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  const start = text.search(/\S/)
  if (start === -1) return false
  const end = text.indexOf('\n', start)
  const whole = head.byteLength < sampleBytes || (input.size !== undefined && head.byteLength >= input.size)
  if (end === -1 && !whole) return false
  try {
    JSON.parse(end === -1 ? text.slice(start) : text.slice(start, end))
    return false
  } catch {
    return true
  }
}
