import type {Input, Limits} from '@chatmark/core/read'
import {Allow, parse as parsePartialJson} from 'partial-json'

/**
 * The JSON of a document that breaks off (a session file cut by a full disk
 * or a crash while VS Code wrote it, or damaged in the middle), read up to
 * where it breaks, as `partial-json` reads it: every array and object open
 * there is closed, and a string cut there is left out with its key rather
 * than kept half.
 */
export async function readCutDocument(input: Input, limits: Limits): Promise<{value: unknown; bytes: number}> {
  const chunks: Uint8Array[] = []
  let bytes = 0
  for await (const chunk of input.open()) {
    bytes += chunk.byteLength
    // `readJsonDocument` refused it already when it was over the limit; the bound holds for a file that grew.
    if (bytes > limits.maxInputBytes) throw new Error('the input grew over maxInputBytes while it was read')
    chunks.push(chunk)
  }
  let text = Buffer.concat(chunks).toString('utf8')
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  return {value: parsePartialJson(text, Allow.ALL & ~Allow.STR) as unknown, bytes}
}
