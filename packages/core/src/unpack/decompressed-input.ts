import {Readable} from 'node:stream'
import type {Input} from '../read/input.js'
import {sameFileAs, streamedInput} from '../read/input.js'
import {defaultLimits} from '../read/limits.js'
import type {ExpansionLimits} from './expansion-guard.js'
import {ExpansionGuard} from './expansion-guard.js'

/** Compressions read transparently, by their magic bytes. */
export type Compression = 'zstd' | 'gzip'

/**
 * Compressed bytes handed to a decoder at once. A decoder gives out all a
 * slice holds before it returns, so this bounds what one step can expand to
 * (a 4-byte zstd block can be 128 KiB of one byte: 4 KiB is at most 128 MiB,
 * and deflate at most about 4 MiB), while real data decodes at full speed.
 */
const sliceBytes = 4 * 1024

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
 * Its size is unknown until read. It is decoded a slice at a time, only as
 * far as it is read (detection reads the head alone), and reading fails past
 * `limits.maxExpandedBytes` or `limits.maxExpansionRatio`.
 */
export function decompressedInput(
  input: Input,
  compression: Compression,
  limits: ExpansionLimits = defaultLimits
): Input {
  const open = (): AsyncIterable<Uint8Array> => {
    const guard = new ExpansionGuard(limits, 'the decompressed input')
    const source = counted(input.open(), guard)
    return compression === 'zstd' ? unzstd(source, guard) : gunzip(source, guard)
  }
  return streamedInput(sameFileAs(input), open)
}

/** The input in slices of {@link sliceBytes}, counted as they are taken. */
async function* counted(source: AsyncIterable<Uint8Array>, guard: ExpansionGuard): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    for (let start = 0; start < chunk.byteLength; start += sliceBytes) {
      const slice = chunk.subarray(start, start + sliceBytes)
      guard.compressed += slice.byteLength
      yield slice
    }
  }
}

// The decompressors are imported on first use: most inputs are not compressed.
async function* gunzip(source: AsyncIterable<Uint8Array>, guard: ExpansionGuard): AsyncGenerator<Uint8Array> {
  const {createGunzip} = await import('node:zlib')
  const from = Readable.from(source)
  const stream = from.pipe(createGunzip())
  try {
    for await (const chunk of stream) {
      guard.expand((chunk as Buffer).byteLength)
      yield chunk as Buffer
    }
  } finally {
    stream.destroy()
    from.destroy()
  }
}

async function* unzstd(source: AsyncIterable<Uint8Array>, guard: ExpansionGuard): AsyncGenerator<Uint8Array> {
  const {Decompress} = await import('fzstd')
  let ready: Uint8Array[] = []
  // A block at a time: the guard throws out of `push` as soon as a limit is passed.
  const decoder = new Decompress((data) => {
    guard.expand(data.byteLength)
    ready.push(data)
  })
  for await (const slice of source) {
    decoder.push(slice)
    if (ready.length > 0) {
      const out = ready
      ready = []
      yield* out
    }
  }
  decoder.push(new Uint8Array(0), true)
  yield* ready
}
