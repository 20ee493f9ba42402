import {createReadStream} from 'node:fs'
import {open, stat} from 'node:fs/promises'
import type {Readable} from 'node:stream'

/**
 * Something to convert: a file, a buffer or stdin. It can be read from the
 * start more than once (the dispatcher reads the head, the format the whole).
 */
export interface Input {
  /** Name used in messages: the path, or `<stdin>`. */
  name: string
  /** Path on disk, when the input is a file. */
  path?: string
  /** Size in bytes, when known. */
  size?: number
  /** A fresh stream of the whole input, from its first byte. */
  open(): AsyncIterable<Uint8Array>
  /** Up to `bytes` bytes from the start. */
  head(bytes: number): Promise<Uint8Array>
}

/** Chunk size for file reads: large enough that per-chunk work is negligible. */
const readChunkBytes = 1024 * 1024

/** An input read from a file on disk. */
export async function inputFromPath(path: string): Promise<Input> {
  const stats = await stat(path)
  return {
    name: path,
    path,
    size: stats.size,
    open() {
      return createReadStream(path, {highWaterMark: readChunkBytes})
    },
    async head(bytes) {
      const handle = await open(path, 'r')
      try {
        const buffer = Buffer.alloc(Math.min(bytes, stats.size))
        const {bytesRead} = await handle.read(buffer, 0, buffer.length, 0)
        return buffer.subarray(0, bytesRead)
      } finally {
        await handle.close()
      }
    }
  }
}

/** An input held in memory. */
export function inputFromBytes(bytes: Uint8Array, name = '<buffer>'): Input {
  return {
    name,
    size: bytes.byteLength,
    async *open() {
      for (let start = 0; start < bytes.byteLength; start += readChunkBytes) {
        yield bytes.subarray(start, start + readChunkBytes)
      }
    },
    async head(count) {
      return bytes.subarray(0, count)
    }
  }
}

/** An input from a string (encoded as UTF-8). */
export function inputFromString(text: string, name = '<string>'): Input {
  return inputFromBytes(Buffer.from(text, 'utf8'), name)
}

/**
 * An input from a one-shot stream such as stdin. The stream is buffered whole,
 * because detection and parsing both read it from the start.
 */
export async function inputFromStream(stream: Readable | AsyncIterable<Uint8Array>, name = '<stdin>'): Promise<Input> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  return inputFromBytes(Buffer.concat(chunks), name)
}
