import type {Input} from './input.js'

/** One line of an input, without its line ending. */
export interface Line {
  /** 1-based line number. */
  line: number
  text: string
}

/** Options for {@link readLines}. */
export interface ReadLinesOptions {
  /** Lines longer than this many bytes are skipped, never buffered whole. */
  maxLineBytes: number
  /** Called for each skipped over-long line, with its 1-based number and size in bytes. */
  onLongLine?: (line: number, bytes: number) => void
}

const lineFeed = 0x0a
const carriageReturn = 0x0d

/**
 * Splits an input into lines as it streams, so a multi-GB log is never one
 * string. A line over `maxLineBytes` is counted and dropped as it arrives.
 * Blank lines are yielded too (they keep numbering simple); a UTF-8 BOM at
 * the start and `\r` before `\n` are removed. Text with old Mac line endings
 * (a bare `\r`, and no `\n` in the first chunk read) is split at `\r`.
 */
export async function* readLines(input: Input, options: ReadLinesOptions): AsyncGenerator<Line> {
  for await (const batch of readLineBatches(input, options)) yield* batch
}

/**
 * {@link readLines}, a batch per chunk read: one await per megabyte instead of
 * one per line, which matters for logs of millions of short lines.
 */
export async function* readLineBatches(input: Input, options: ReadLinesOptions): AsyncGenerator<Line[]> {
  const {maxLineBytes, onLongLine} = options
  let pending: Buffer[] = []
  let pendingBytes = 0
  let overLong = false
  let line = 0
  let separator: number | undefined

  for await (const chunk of input.open()) {
    const batch: Line[] = []
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    // Decided once, from the first bytes: a stream cannot be searched for `\n` to its end before it is split.
    if (separator === undefined && buffer.length > 0)
      separator = buffer.includes(lineFeed) || !buffer.includes(carriageReturn) ? lineFeed : carriageReturn

    let start = 0
    while (start < buffer.length) {
      const end = buffer.indexOf(separator ?? lineFeed, start)
      if (end === -1) {
        const rest = buffer.length - start
        if (!overLong && pendingBytes + rest > maxLineBytes) {
          overLong = true
          pending = []
        }
        if (!overLong) pending.push(buffer.subarray(start))
        pendingBytes += rest
        break
      }

      line++
      const size = pendingBytes + end - start
      if (overLong || size > maxLineBytes) {
        onLongLine?.(line, size)
      } else {
        batch.push({line, text: withoutBom(line, decode(pending, pendingBytes, buffer, start, end))})
      }
      pending = []
      pendingBytes = 0
      overLong = false
      start = end + 1
    }
    if (batch.length > 0) yield batch
  }

  if (pendingBytes > 0) {
    line++
    if (overLong) onLongLine?.(line, pendingBytes)
    else yield [{line, text: withoutBom(line, decode(pending, pendingBytes, Buffer.alloc(0), 0, 0))}]
  }
}

// The BOM can arrive split across chunks, so it is removed from the decoded first line.
function withoutBom(line: number, text: string): string {
  return line === 1 && text.startsWith('\uFEFF') ? text.slice(1) : text
}

function decode(pending: Buffer[], pendingBytes: number, buffer: Buffer, start: number, end: number): string {
  let whole: Buffer
  let from = start
  let to = end
  if (pendingBytes === 0) {
    whole = buffer
  } else {
    whole = Buffer.concat([...pending, buffer.subarray(start, end)])
    from = 0
    to = whole.length
  }
  if (to > from && whole[to - 1] === carriageReturn) to--
  return whole.toString('utf8', from, to)
}
