import type {Input, Limits} from '@chatmark/core'
import {formatBytes} from '@chatmark/core'

/**
 * Reads a whole input as one JSON document (TS CLI `.json` rollouts are one
 * pretty-printed object and cannot be streamed), refusing inputs over
 * `limits.maxInputBytes`.
 */
export async function readJsonDocument(input: Input, limits: Limits): Promise<unknown> {
  const limit = limits.maxInputBytes
  if (input.size !== undefined && input.size > limit) throw new Error(overLimit(limit, input.size))
  const chunks: Uint8Array[] = []
  let bytes = 0
  for await (const chunk of input.open()) {
    bytes += chunk.byteLength
    if (bytes > limit) throw new Error(overLimit(limit))
    chunks.push(chunk)
  }
  let text = Buffer.concat(chunks).toString('utf8')
  if (text.charCodeAt(0) === 0xFEFF) text = text.slice(1)
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new Error(`the input is not valid JSON (${detail}); expected one Codex TS CLI rollout object {session, items} or a JSONL rollout`)
  }
}

function overLimit(limit: number, size?: number): string {
  const what = size === undefined ? 'the input is' : `the input is ${formatBytes(size)},`
  return `${what} over the ${formatBytes(limit)} limit for reading one JSON document whole (maxInputBytes); raise maxInputBytes to read it`
}
