import {JSONParser} from '@streamparser/json'
import type {VFile} from 'vfile'
import type {Input} from './input.js'
import type {Limits} from './limits.js'

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

/**
 * Streams one JSON document and yields the elements of its top-level array
 * one at a time, or the document itself once when it is an object. Data
 * exports keep every conversation in one `conversations.json` that can be
 * larger than V8's longest string, so it is never read whole: only the item
 * being parsed is held. A syntax error or a cut-off end is a warning naming
 * the byte where reading stopped; the items before it are kept.
 */
export async function* readJsonItems(input: Input, options: ReadJsonItemsOptions): AsyncGenerator<JsonItem> {
  const {file, source} = options
  const first = firstCharacter(await input.head(4096))
  if (first !== '[' && first !== '{') {
    throw new Error(`expected a JSON array or object, found ${first === undefined ? 'nothing' : `\`${first}\``}`)
  }
  // `$.*` emits each array element and forgets it (`keepStack: false`); an
  // object is one item, emitted whole.
  const parser = new JSONParser({paths: [first === '[' ? '$.*' : '$'], keepStack: false})
  let ready: JsonItem[] = []
  parser.onValue = ({value, key}) => {
    ready.push({index: typeof key === 'number' ? key : 0, value})
  }
  let offset = 0
  let count = 0
  const stop = (error: unknown): void => {
    const detail = error instanceof Error ? error.message : String(error)
    file.message(`The JSON breaks off near byte ${offset} (${detail}): reading stopped there; the ${count} item(s) before it are kept`, {
      ruleId: 'malformed-json',
      source
    })
  }

  for await (const chunk of input.open()) {
    // A UTF-8 BOM would be a syntax error to the parser.
    const bytes = offset === 0 && chunk[0] === 0xEF && chunk[1] === 0xBB && chunk[2] === 0xBF ? chunk.subarray(3) : chunk
    try {
      parser.write(bytes)
    } catch (error) {
      count += ready.length
      yield* ready
      stop(error)
      return
    }
    offset += chunk.byteLength
    if (ready.length > 0) {
      const out = ready
      ready = []
      count += out.length
      yield* out
    }
  }
  // The parser ends by itself after the root value; one that has not is cut off.
  if (!parser.isEnded) {
    try {
      parser.end()
    } catch (error) {
      count += ready.length
      yield* ready
      stop(error)
      return
    }
  }
  yield* ready
}

function firstCharacter(head: Uint8Array): string | undefined {
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('utf8').replace(/^\uFEFF/, '')
  return /\S/.exec(text)?.[0]
}
