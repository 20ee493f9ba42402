import type {VFile} from 'vfile'
import type {Input} from './input.js'
import type {Limits} from './limits.js'
import {formatBytes} from './read-json-lines.js'
import {readJsonDocument} from './read-json-document.js'

/** One element of a streamed JSON array. */
export interface JsonItem {
  /** 0-based position in the array (0 for a top-level object). */
  index: number
  /** The parsed value: untrusted, narrow it with a guard. */
  value: unknown
}

/** Options for {@link readJsonItems}. */
export interface ReadJsonItemsOptions {
  file: VFile
  limits: Limits
  /** Message source, such as `chatmark:chatgpt`. */
  source: string
}

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
 * boundaries are found by a byte scan (brackets, braces and quotes are ASCII,
 * never part of a multi-byte UTF-8 character) and each element is parsed by
 * `JSON.parse` alone. That is several times faster than a token-by-token
 * streaming parser (measured: @streamparser/json read about 45 MB/s here),
 * and only the element being read is held. An element that is not valid JSON
 * is a warning naming it and is skipped, as is one nested deeper than
 * `limits.maxJsonDepth` (its bytes are never held); a document cut off before its end
 * is a warning too; everything before is kept.
 */
export async function* readJsonItems(input: Input, options: ReadJsonItemsOptions): AsyncGenerator<JsonItem> {
  const {file, limits, source} = options
  const first = firstCharacter(await input.head(4096))
  if (first === '{') {
    yield {index: 0, value: await readJsonDocument(input, limits, 'a JSON object or array')}
    return
  }
  if (first !== '[')
    throw new Error(`expected a JSON array or object, found ${first === undefined ? 'nothing' : `\`${first}\``}`)

  const warn = (reason: string, ruleId: string): void => {
    file.message(reason, {ruleId, source})
  }
  let depth = 0
  let inString = false
  let escaped = false
  let index = 0
  let offset = 0
  let ended = false
  // The element being read: pieces of chunks, its start offset, and whether it has begun.
  let pieces: Uint8Array[] = []
  let elementStart = -1
  let elementBytes = 0
  // The element nests deeper than maxJsonDepth: its bytes are dropped as they come, and it is skipped.
  let tooDeep = false

  const finish = (): JsonItem | undefined => {
    const start = elementStart
    const deep = tooDeep
    const text = deep ? '' : Buffer.concat(pieces, elementBytes).toString('utf8')
    pieces = []
    elementBytes = 0
    elementStart = -1
    tooDeep = false
    const at = index++
    if (deep) {
      warn(
        `Item ${at} of the array (from byte ${start}) nests arrays or objects deeper than ${limits.maxJsonDepth} ` +
          'levels (maxJsonDepth): skipped',
        'too-deep'
      )
      return undefined
    }
    try {
      return {index: at, value: JSON.parse(text) as unknown}
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      warn(`Item ${at} of the array (from byte ${start}) is not valid JSON (${detail}): skipped`, 'malformed-json')
      return undefined
    }
  }

  for await (const chunk of input.open()) {
    let from = -1
    const ready: JsonItem[] = []
    let position = 0
    // A UTF-8 BOM before the array is skipped.
    if (offset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) position = 3
    for (; position < chunk.length && !ended; position++) {
      const byte = chunk[position] ?? 0
      if (inString) {
        if (escaped) escaped = false
        else if (byte === backslash) escaped = true
        else if (byte === quote) inString = false
        continue
      }
      if (byte === quote) {
        inString = true
        if (depth === 1 && elementStart === -1) {
          elementStart = offset + position
          from = position
        }
      } else if (byte === openBracket || byte === openBrace) {
        if (depth === 1 && elementStart === -1) {
          elementStart = offset + position
          from = position
        }
        depth++
        // The root array is depth 1, so an element's own depth is one less.
        if (depth - 1 > limits.maxJsonDepth && !tooDeep) {
          tooDeep = true
          pieces = []
          elementBytes = 0
        }
      } else if (byte === closeBracket || byte === closeBrace) {
        depth--
        if (depth === 0) {
          // The end of the root array: a last scalar element ends here.
          if (elementStart !== -1) {
            take(chunk, from, position)
            from = -1
            const item = finish()
            if (item) ready.push(item)
          }
          ended = true
        } else if (depth === 1 && elementStart !== -1) {
          take(chunk, from, position + 1)
          from = -1
          const item = finish()
          if (item) ready.push(item)
        }
      } else if (byte === comma && depth === 1) {
        if (elementStart !== -1) {
          take(chunk, from, position)
          from = -1
          const item = finish()
          if (item) ready.push(item)
        }
      } else if (depth === 1 && elementStart === -1 && byte > 0x20) {
        // A scalar element (number, true, false, null) starts.
        elementStart = offset + position
        from = position
      }
    }
    if (elementStart !== -1) {
      take(chunk, from === -1 ? 0 : from, chunk.length)
      if (elementBytes > limits.maxInputBytes) {
        throw new Error(`item ${index} of the array is over ${formatBytes(limits.maxInputBytes)} (maxInputBytes)`)
      }
    }
    offset += chunk.length
    yield* ready
    if (ended) return
  }
  warn(
    `The JSON breaks off at byte ${offset}, inside the array: reading stopped there; the ${index} item(s) before it ` +
      `are kept`,
    'malformed-json'
  )

  function take(chunk: Uint8Array, start: number, end: number): void {
    if (tooDeep) return
    const from = start === -1 ? 0 : start
    if (end > from) {
      pieces.push(chunk.subarray(from, end))
      elementBytes += end - from
    }
  }
}

function firstCharacter(head: Uint8Array): string | undefined {
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  return /\S/.exec(text)?.[0]
}
