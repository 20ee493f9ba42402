import type {Input} from './input.js'
import {sameFileAs, streamedInput} from './input.js'

/** The UTF-16 encodings told apart by their byte order mark. */
export type Utf16Encoding = 'utf-16le' | 'utf-16be'

/** The UTF-16 encoding a byte order mark at the start of `head` names, if any (`FF FE` little-endian, `FE FF` big). */
export function utf16Of(head: Uint8Array): Utf16Encoding | undefined {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le'
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be'
  return undefined
}

/**
 * A UTF-16 input (Windows editors and PowerShell's `>` write them) as UTF-8, so
 * the sample and every reader, which read UTF-8, see its text: decoded as it
 * streams, its byte order mark dropped. Its size is unknown until read.
 */
export function utf8FromUtf16(input: Input, encoding: Utf16Encoding): Input {
  async function* open(): AsyncGenerator<Uint8Array> {
    // `stream: true` holds back a code unit or surrogate pair cut between chunks; the BOM is dropped by default.
    const decoder = new TextDecoder(encoding)
    for await (const chunk of input.open()) {
      const text = decoder.decode(chunk, {stream: true})
      if (text !== '') yield Buffer.from(text, 'utf8')
    }
    const rest = decoder.decode()
    if (rest !== '') yield Buffer.from(rest, 'utf8')
  }
  return streamedInput(sameFileAs(input), open)
}
