import {Readable} from 'node:stream'
import type {Input} from '../read/input.js'
import {headOf} from '../read/input.js'

/** Compressions read transparently, by their magic bytes. */
export type Compression = 'zstd' | 'gzip'

/** Magic bytes of a compressed input, if it is one. */
export function compressionOf(head: Uint8Array): Compression | undefined {
  if (head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd) return 'zstd'
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip'
  return undefined
}

/**
 * The decompressed view of a compressed input, so formats and detectors see
 * the log itself: Codex CLI may store rollouts as `rollout-*.jsonl.zst`
 * (`codex-rs/rollout/src/compression.rs`), and logs are often gzipped by hand.
 * Its size is unknown until read.
 */
export function decompressedInput(input: Input, compression: Compression): Input {
  const open = (): AsyncIterable<Uint8Array> => (compression === 'zstd' ? unzstd(input.open()) : gunzip(input.open()))
  return {
    name: input.name,
    ...(input.path === undefined ? {} : {path: input.path}),
    open,
    head(bytes) {
      return headOf(open(), bytes)
    }
  }
}

// The decompressors are imported on first use: most inputs are not compressed.
async function* gunzip(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const {createGunzip} = await import('node:zlib')
  const stream = Readable.from(source).pipe(createGunzip())
  try {
    for await (const chunk of stream) yield chunk as Buffer
  } finally {
    stream.destroy()
  }
}

async function* unzstd(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const {Decompress} = await import('fzstd')
  let ready: Uint8Array[] = []
  const decoder = new Decompress((data) => {
    ready.push(data)
  })
  for await (const chunk of source) {
    decoder.push(chunk)
    if (ready.length > 0) {
      const out = ready
      ready = []
      yield* out
    }
  }
  decoder.push(new Uint8Array(0), true)
  yield* ready
}
