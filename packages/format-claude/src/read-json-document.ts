import type {Input, Limits} from '@chatmark/core'
import {formatBytes} from '@chatmark/core'

/**
 * Reads a whole input as one JSON document (the loglines wrapper), refusing
 * inputs over `limits.maxInputBytes` before reading them.
 */
export async function readJsonDocument(input: Input, limits: Limits): Promise<unknown> {
  if (input.size !== undefined && input.size > limits.maxInputBytes) {
    throw new Error(`the loglines document is ${formatBytes(input.size)}, over the ${formatBytes(limits.maxInputBytes)} limit for JSON read whole (maxInputBytes)`)
  }
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of input.open()) {
    total += chunk.byteLength
    if (total > limits.maxInputBytes) {
      throw new Error(`the loglines document is over the ${formatBytes(limits.maxInputBytes)} limit for JSON read whole (maxInputBytes)`)
    }
    chunks.push(chunk)
  }
  let text = Buffer.concat(chunks).toString('utf8')
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new Error(`the input is not valid JSON (${detail}); expected a Claude Code JSONL transcript or a {"loglines": [...]} document`)
  }
}
