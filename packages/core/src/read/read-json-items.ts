import type {VFile} from 'vfile'
import type {Input} from './input.js'
import type {Limits} from './limits.js'
import {nestsDeeperThan} from './json-depth.js'
import {formatBytes} from './read-json-lines.js'
import {readJsonDocument} from './read-json-document.js'

/** One element of a streamed JSON array. */
export interface JsonItem {
  /** 0-based position in the array (0 for a top-level object). */
  index: number
  /** The parsed value: untrusted, narrow it with a guard. */
  value: unknown
}

/** One element of a streamed JSON array, not parsed yet: what {@link readJsonItemBytes} yields. */
export interface JsonItemBytes {
  /** 0-based position in the array (0 for a top-level object). */
  index: number
  /** Where the element starts in the input, in bytes (for messages). */
  start: number
  /**
   * The element's JSON text, UTF-8. {@link readJsonItemBytes} gives it in a
   * buffer of its own, exactly its size (`bytes.buffer`), never shared with
   * another element: it can be kept, posted to a worker (which copies that
   * buffer, not the chunk it was read from) or transferred.
   */
  bytes: Uint8Array
}

/** Options for {@link readJsonItems} and {@link readJsonItemBytes}. */
export interface ReadJsonItemsOptions {
  file: VFile
  limits: Limits
  /** Message source, such as `chatmark:chatgpt`. */
  source: string
}

/** What {@link parseJsonItem} needs: where to report an element that is not JSON. */
export type ParseJsonItemOptions = Pick<ReadJsonItemsOptions, 'file' | 'source'>

const quote = 0x22
const backslash = 0x5c
const comma = 0x2c
const openBracket = 0x5b
const closeBracket = 0x5d
const openBrace = 0x7b
const closeBrace = 0x7d

/**
 * Streams one JSON document and yields the elements of its top-level array
 * one at a time, or the document itself once when it is an object. Data
 * exports keep every conversation in one `conversations.json` that can be
 * larger than V8's longest string, so it is never read whole: element
 * boundaries are found by a byte scan (see {@link readJsonItemBytes}) and each
 * element is parsed by `JSON.parse` alone, just before it is yielded. That is
 * several times faster than a token-by-token streaming parser (measured:
 * @streamparser/json read about 45 MB/s here), and only the element being read
 * is held. An element that is not valid JSON is a warning naming it and is
 * skipped, as is one nested deeper than `limits.maxJsonDepth` (its bytes are
 * never held); a document cut off before its end is a warning too; everything
 * before is kept.
 */
export async function* readJsonItems(input: Input, options: ReadJsonItemsOptions): AsyncGenerator<JsonItem> {
  if ((await documentKind(input)) === 'object') {
    yield {index: 0, value: await readJsonDocument(input, options.limits, 'a JSON object or array')}
    return
  }
  for await (const item of arrayItems(input, options)) {
    const parsed = parseJsonItem(item, options)
    if (parsed) yield parsed
  }
}

/**
 * The elements of the document's top-level array as their JSON text, not
 * parsed, in order (or the whole document once when it is an object, refused
 * over `limits.maxInputBytes` or nested deeper than `limits.maxJsonDepth`).
 * This is {@link readJsonItems} without `JSON.parse`: a caller can hand each
 * element to another thread and parse it there ({@link parseJsonItem}), so
 * that only the scan for element boundaries is done in one place. Each
 * element is copied out of the chunks it was read from (see
 * {@link JsonItemBytes.bytes}): a view of a 1 MB chunk posted to a worker
 * would copy the whole chunk, and transferring it would take the other
 * elements' bytes with it. Elements nested too deep and a document cut off
 * are reported as `readJsonItems` reports them; an element that is not valid
 * JSON is found only when parsed.
 */
export async function* readJsonItemBytes(input: Input, options: ReadJsonItemsOptions): AsyncGenerator<JsonItemBytes> {
  if ((await documentKind(input)) === 'object') {
    yield {index: 0, start: 0, bytes: ownCopy([await documentBytes(input, options.limits)])}
    return
  }
  yield* arrayItems(input, options, true)
}

/**
 * Parses one element {@link readJsonItemBytes} yielded. One that is not valid
 * JSON is reported on `file` (naming the element and where it starts, as
 * {@link readJsonItems} does) and gives `undefined`.
 */
export function parseJsonItem(item: JsonItemBytes, options: ParseJsonItemOptions): JsonItem | undefined {
  const {bytes} = item
  // A Buffer over the same memory, not a copy: `toString` decodes the bytes where they are.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
  try {
    return {index: item.index, value: JSON.parse(text) as unknown}
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    options.file.message(
      `Item ${item.index} of the array (from byte ${item.start}) is not valid JSON (${detail}): skipped`,
      {ruleId: 'malformed-json', source: options.source}
    )
    return undefined
  }
}

/** Whether the document is an array or an object, from its first character; anything else is refused. */
async function documentKind(input: Input): Promise<'array' | 'object'> {
  const first = firstCharacter(await input.head(4096))
  if (first === '{') return 'object'
  if (first === '[') return 'array'
  throw new Error(`expected a JSON array or object, found ${first === undefined ? 'nothing' : `\`${first}\``}`)
}

/** The elements of a top-level array, found by {@link ItemScanner}, chunk by chunk. */
async function* arrayItems(input: Input, options: ReadJsonItemsOptions, owned = false): AsyncGenerator<JsonItemBytes> {
  const {file, limits, source} = options
  const warn = (reason: string, ruleId: string): void => {
    file.message(reason, {ruleId, source})
  }
  const scanner = new ItemScanner(limits, warn, owned)
  for await (const chunk of input.open()) {
    yield* scanner.scan(chunk)
    if (scanner.ended) return
  }
  warn(
    `The JSON breaks off at byte ${scanner.offset}, inside the array: reading stopped there; the ${scanner.index} ` +
      'item(s) before it are kept',
    'malformed-json'
  )
}

/**
 * Finds the elements of a top-level JSON array in the chunks it is given, one
 * chunk at a time. Brackets, braces, commas and quotes are ASCII, never part
 * of a multi-byte UTF-8 character, so bytes are compared, never decoded.
 * Outside strings every byte is looked at (there are few: keys and values are
 * strings); inside a string the closing quote is found with `indexOf`, which
 * is native and skips long message texts at memory speed, and is the closing
 * one when an even number of backslashes stands before it.
 */
class ItemScanner {
  /** Bytes scanned so far. */
  offset = 0
  /** The position of the next element. */
  index = 0
  /** The root array was closed. */
  ended = false
  private depth = 0
  private inString = false
  /** In a string, the first byte of the next chunk is escaped (this one ended on an odd run of backslashes). */
  private escaped = false
  /** The element being read: pieces of chunks, its start offset (-1 before it begins). */
  private pieces: Uint8Array[] = []
  private elementStart = -1
  private elementBytes = 0
  /** The element nests deeper than maxJsonDepth: its bytes are dropped as they come, and it is skipped. */
  private tooDeep = false

  constructor(
    private readonly limits: Limits,
    private readonly warn: (reason: string, ruleId: string) => void,
    /** Each element in a buffer of its own ({@link readJsonItemBytes}), rather than a view of its chunk. */
    private readonly owned: boolean
  ) {}

  /** Scans the next chunk; returns the elements that ended in it. */
  scan(chunk: Uint8Array): JsonItemBytes[] {
    const ready: JsonItemBytes[] = []
    const length = chunk.length
    // Where the current element's bytes start in this chunk: 0 when it began in an earlier one.
    let from = this.elementStart === -1 ? -1 : 0
    let position = 0
    // A UTF-8 BOM before the array is skipped.
    if (this.offset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) position = 3
    while (position < length && !this.ended) {
      if (this.inString) {
        const end = this.closingQuote(chunk, position)
        if (end === -1) break
        this.inString = false
        position = end + 1
        continue
      }
      const byte = chunk[position]
      if (byte === quote) {
        this.inString = true
        this.escaped = false
        if (this.depth === 1 && this.elementStart === -1) from = this.begin(position)
      } else if (byte === openBracket || byte === openBrace) {
        if (this.depth === 1 && this.elementStart === -1) from = this.begin(position)
        this.depth++
        // The root array is depth 1, so an element's own depth is one less.
        if (this.depth - 1 > this.limits.maxJsonDepth && !this.tooDeep) {
          this.tooDeep = true
          this.pieces = []
          this.elementBytes = 0
        }
      } else if (byte === closeBracket || byte === closeBrace) {
        this.depth--
        if (this.depth === 0) {
          // The end of the root array: a last scalar element ends here.
          if (this.elementStart !== -1) this.finish(chunk, from, position, ready)
          this.ended = true
        } else if (this.depth === 1 && this.elementStart !== -1) {
          this.finish(chunk, from, position + 1, ready)
        }
      } else if (byte === comma && this.depth === 1) {
        if (this.elementStart !== -1) this.finish(chunk, from, position, ready)
      } else if (this.depth === 1 && this.elementStart === -1 && byte !== undefined && byte > 0x20) {
        // A scalar element (number, true, false, null) starts.
        from = this.begin(position)
      }
      position++
    }
    if (this.elementStart !== -1) {
      this.take(chunk, from === -1 ? 0 : from, length)
      if (this.elementBytes > this.limits.maxInputBytes) {
        throw new Error(
          `item ${this.index} of the array is over ${formatBytes(this.limits.maxInputBytes)} (maxInputBytes)`
        )
      }
    }
    this.offset += length
    return ready
  }

  /**
   * The position of the quote that closes the string being read, from
   * `position` on, or -1 when the string goes on past this chunk (then
   * `escaped` says whether the chunk ended on an unpaired backslash).
   */
  private closingQuote(chunk: Uint8Array, position: number): number {
    const length = chunk.length
    let from = position
    // Whether the byte at `from` is escaped: only the first search can start escaped.
    let escaped = this.escaped
    for (;;) {
      const found = chunk.indexOf(quote, from)
      const stop = found === -1 ? length : found
      let before = stop - 1
      while (before >= from && chunk[before] === backslash) before--
      let run = stop - 1 - before
      if (before < from && escaped) run++
      if (found === -1) {
        this.escaped = run % 2 === 1
        return -1
      }
      if (run % 2 === 0) {
        this.escaped = false
        return found
      }
      from = found + 1
      escaped = false
    }
  }

  /** An element starts at `position` of the chunk; returns that position. */
  private begin(position: number): number {
    this.elementStart = this.offset + position
    return position
  }

  /** The element ends before `end` of the chunk: hands it out (unless it is too deep) and starts the next. */
  private finish(chunk: Uint8Array, from: number, end: number, ready: JsonItemBytes[]): void {
    this.take(chunk, from, end)
    const start = this.elementStart
    const pieces = this.pieces
    const deep = this.tooDeep
    const bytes = this.owned
      ? ownCopy(pieces)
      : pieces.length === 1
        ? pieces[0]!
        : Buffer.concat(pieces, this.elementBytes)
    this.pieces = []
    this.elementBytes = 0
    this.elementStart = -1
    this.tooDeep = false
    const index = this.index++
    if (!deep) {
      ready.push({index, start, bytes})
      return
    }
    this.warn(
      `Item ${index} of the array (from byte ${start}) nests arrays or objects deeper than ` +
        `${this.limits.maxJsonDepth} levels (maxJsonDepth): skipped`,
      'too-deep'
    )
  }

  private take(chunk: Uint8Array, start: number, end: number): void {
    if (this.tooDeep) return
    const from = start === -1 ? 0 : start
    if (end > from) {
      this.pieces.push(chunk.subarray(from, end))
      this.elementBytes += end - from
    }
  }
}

/** A whole object document's bytes, BOM dropped, refused as `readJsonDocument` refuses one. */
async function documentBytes(input: Input, limits: Limits): Promise<Uint8Array> {
  const limit = limits.maxInputBytes
  const chunks: Uint8Array[] = []
  let bytes = 0
  for await (const chunk of input.open()) {
    bytes += chunk.byteLength
    if (bytes > limit) throw new Error(`the input is over the ${formatBytes(limit)} limit (maxInputBytes)`)
    chunks.push(chunk)
  }
  const whole = Buffer.concat(chunks, bytes)
  if (nestsDeeperThan(whole, limits.maxJsonDepth))
    throw new Error(`the input nests arrays or objects deeper than ${limits.maxJsonDepth} levels (maxJsonDepth)`)
  return whole[0] === 0xef && whole[1] === 0xbb && whole[2] === 0xbf ? whole.subarray(3) : whole
}

/**
 * The pieces joined in a new buffer of exactly their size. Not `Buffer.concat`
 * nor `Buffer#slice`: the first may hand out a slice of Node's shared pool, and
 * the second is a view, not a copy.
 */
function ownCopy(pieces: readonly Uint8Array[]): Uint8Array {
  let size = 0
  for (const piece of pieces) size += piece.byteLength
  const copy = new Uint8Array(size)
  let at = 0
  for (const piece of pieces) {
    copy.set(piece, at)
    at += piece.byteLength
  }
  return copy
}

function firstCharacter(head: Uint8Array): string | undefined {
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  return /\S/.exec(text)?.[0]
}
