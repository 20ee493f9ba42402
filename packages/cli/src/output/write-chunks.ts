import {EventEmitter, once} from 'node:events'

/** Where chunks go: a writable stream, or anything with `write` (then no back-pressure). */
export interface ChunkSink {
  write(chunk: string): unknown
}

/** Pieces are gathered to about this size before a write, so a note is not thousands of tiny writes. */
const batchChars = 256 * 1024

/**
 * Writes chunks in batches, waiting for `drain` when a stream asks for it, so
 * a large note never piles up in the stream's buffer. Stops (throws) when
 * `signal` is aborted: the stream's reader has gone, and `drain` will not come.
 */
export async function writeChunks(sink: ChunkSink, chunks: Iterable<string>, signal?: AbortSignal): Promise<void> {
  let batch: string[] = []
  let size = 0
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return
    const ready = sink.write(batch.join(''))
    batch = []
    size = 0
    if (ready === false && sink instanceof EventEmitter) await once(sink, 'drain', signal ? {signal} : {})
  }
  for (const chunk of chunks) {
    signal?.throwIfAborted()
    batch.push(chunk)
    size += chunk.length
    if (size >= batchChars) await flush()
  }
  await flush()
}
