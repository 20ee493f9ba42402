import {extname} from 'node:path'
import {Allow, parse as parsePartialJson} from 'partial-json'
import type {Input} from './input.js'
import {headOf} from './input.js'
import {utf16Of} from './utf16-input.js'
import {sampleEntries} from './sample-entries.js'

/** What the head of an input looks like. */
export type SampleKind = 'empty' | 'binary' | 'json' | 'jsonl' | 'text' | 'folder'

/** A JSONL record in the sample. */
export interface SampleRecord {
  /** 1-based line number. */
  line: number
  value: unknown
}

/**
 * The bounded head of an input, with lazy views. Every detector sees the same
 * sample and never reads beyond it.
 */
export interface Sample {
  /** The input's name (path or `<stdin>`). */
  name: string
  /** Lower-case extension with its dot (`.jsonl`), or `''`. */
  extension: string
  /** Size of the whole input in bytes, when known. */
  size?: number
  /** The head bytes, BOM included. */
  bytes: Uint8Array
  /** Whether the head is the whole input. */
  complete: boolean
  /** Whether the input starts with a byte order mark (UTF-8, or UTF-16 of either byte order). */
  bom: boolean
  /**
   * The head decoded (UTF-16 by its BOM, else UTF-8), BOM removed (a character
   * cut by the bound is dropped); bare `\r` line endings, when it has no `\n`, become `\n`.
   */
  text: string
  /** Container format recognised by its magic bytes (`zip`, `zstd`, `gzip`), if any. */
  magic?: 'zip' | 'zstd' | 'gzip'
  kind: SampleKind
  /**
   * For `json` and single-record `jsonl` samples: the document. When the head
   * is not the whole input this is a partial parse of the head (open strings,
   * arrays and objects closed where the head ends); see `jsonComplete`.
   */
  json: unknown
  /** Whether `json` is the whole, valid document. */
  jsonComplete: boolean
  /** For `jsonl`: the records parsed from the head's complete lines (at most {@link sampleRecordLimit}). */
  records: readonly SampleRecord[]
  /** For `jsonl`: how many non-blank head lines were not JSON. */
  invalidLines: number
  /**
   * For `folder` (a folder or an archive of files): the relative paths of its
   * files, sorted; of more than {@link sampleEntryLimit}, that many, every
   * folder keeping its share (see `sampleEntries`), the root's files first.
   */
  entries: readonly string[]
  /**
   * For `folder`: the root-level `.json` files (at most {@link sampleHeadLimit}),
   * each parsed from its first `sampleBytes` (partially, when larger).
   */
  heads: ReadonlyMap<string, unknown>
}

/** How many entries of a folder a sample lists. */
export const sampleEntryLimit = 20_000

/** How many root-level JSON files of a folder a sample parses. */
export const sampleHeadLimit = 16

/** How many JSONL records a sample parses. */
export const sampleRecordLimit = 50

const decoder = new TextDecoder('utf-8', {fatal: false})

/** Reads the head of an input (for a container: its file list and root JSON heads) and builds its sample. */
export async function createSample(input: Input, sampleBytes: number): Promise<Sample> {
  if (input.entries && input.openEntry) return folderSample(input, input.entries, input.openEntry, sampleBytes)
  const bytes = await input.head(sampleBytes)
  const complete = input.size === undefined ? bytes.byteLength < sampleBytes : bytes.byteLength >= input.size
  return sampleFromBytes(bytes, {name: input.name, complete, ...(input.size === undefined ? {} : {size: input.size})})
}

/** Builds a sample from head bytes already in hand. */
export function sampleFromBytes(bytes: Uint8Array, info: {name: string; complete: boolean; size?: number}): Sample {
  const utf16 = utf16Of(bytes)
  const bom = utf16 !== undefined || (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
  const magic = magicOf(bytes)
  let text = utf16 ? new TextDecoder(utf16).decode(bytes) : decoder.decode(bom ? bytes.subarray(3) : bytes)
  // A multi-byte character cut by the bound decodes as U+FFFD at the very end.
  if (!info.complete && text.endsWith('\uFFFD')) text = text.slice(0, -1)
  // Old Mac line endings: detectors see the lines that readLines will split (it too decides by the head).
  if (!text.includes('\n') && text.includes('\r')) text = text.replaceAll('\r', '\n')
  // UTF-16 text is half NULs: the NUL test for binary data applies to the bytes of UTF-8 text only.
  const kind = kindOf(utf16 ? new Uint8Array(0) : bytes, text, magic, info.complete)

  let json: unknown
  let jsonComplete = false
  let records: SampleRecord[] = []
  let invalidLines = 0

  if (kind === 'json' || kind === 'jsonl') {
    const whole = info.complete ? tryParse(text) : undefined
    if (whole) {
      json = whole.value
      jsonComplete = true
    }
    const scan = scanLines(text, info.complete)
    records = scan.records
    invalidLines = scan.invalid
    if (!whole && kind === 'json') json = partial(text)
    if (!whole && kind === 'jsonl' && records.length === 1 && scan.lines === 1) json = records[0]?.value
  }

  const sample: Sample = {
    name: info.name,
    // `rollout.jsonl.zst` is read decompressed, so its extension is `.jsonl`.
    extension: extname(info.name.replace(/\.(?:zst|gz)$/i, '')).toLowerCase(),
    bytes,
    complete: info.complete,
    bom,
    text,
    kind,
    json,
    jsonComplete,
    records,
    invalidLines,
    entries: [],
    heads: new Map()
  }
  if (info.size !== undefined) sample.size = info.size
  if (magic) sample.magic = magic
  return sample
}

async function folderSample(
  input: Input,
  list: () => Promise<Array<{path: string}>>,
  openEntry: (path: string) => AsyncIterable<Uint8Array>,
  sampleBytes: number
): Promise<Sample> {
  const entries = sampleEntries(
    (await list.call(input)).map((entry) => entry.path),
    sampleEntryLimit
  )
  const heads = new Map<string, unknown>()
  for (const path of entries) {
    if (heads.size >= sampleHeadLimit) break
    if (path.includes('/') || !path.toLowerCase().endsWith('.json')) continue
    const bytes = await headOf(openEntry.call(input, path), sampleBytes)
    const head = sampleFromBytes(bytes, {name: path, complete: bytes.byteLength < sampleBytes})
    heads.set(path, head.json ?? head.records[0]?.value)
  }
  return {
    name: input.name,
    extension: '',
    bytes: new Uint8Array(0),
    complete: true,
    bom: false,
    text: '',
    kind: 'folder',
    json: undefined,
    jsonComplete: false,
    records: [],
    invalidLines: 0,
    entries,
    heads
  }
}

function magicOf(bytes: Uint8Array): Sample['magic'] {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'zip'
  if (bytes[0] === 0x28 && bytes[1] === 0xb5 && bytes[2] === 0x2f && bytes[3] === 0xfd) return 'zstd'
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return 'gzip'
  return undefined
}

/**
 * Whether NUL bytes say the sample is not text: binary files hold them by the
 * hundred, while a text file damaged in a few places (a NUL written by a crash)
 * still has every other line to read, each bad line costing itself alone.
 */
function manyNuls(bytes: Uint8Array): boolean {
  let nuls = 0
  for (let at = bytes.indexOf(0); at !== -1; at = bytes.indexOf(0, at + 1)) {
    nuls++
  }
  // More than one byte in a thousand, and more than eight or one in ten (a short file of a few bytes).
  return nuls * 1000 > bytes.length && (nuls > 8 || nuls * 10 > bytes.length)
}

function kindOf(bytes: Uint8Array, text: string, magic: Sample['magic'], complete: boolean): SampleKind {
  if (magic || manyNuls(bytes)) return 'binary'
  const start = text.search(/\S/)
  if (start === -1) return 'empty'
  // Many replacement characters means this was not UTF-8 text to begin with.
  let replaced = 0
  for (let index = text.indexOf('\uFFFD'); index !== -1; index = text.indexOf('\uFFFD', index + 1)) replaced++
  if (replaced > 8 && replaced * 100 > text.length) return 'binary'
  if (!jsonStart.test(text)) {
    // A whole input that is a JSON scalar (`42`, `"x"`, `null`) is JSON too.
    return complete && tryParse(text) ? 'json' : 'text'
  }
  // One JSON value per line: the first non-blank line parses on its own, and
  // either another line follows or the line is the whole head.
  const lineEnd = text.indexOf('\n', start)
  const firstLine = lineEnd === -1 ? text.slice(start) : text.slice(start, lineEnd)
  if (tryParse(firstLine)) return 'jsonl'
  return 'json'
}

/**
 * The first tokens of a JSON object or array. Text such as `[09:14] <nick>`
 * or `[link](url)` also starts with a bracket but fails this, while any JSON
 * document, even a malformed one, passes (and must then fail as JSON, never be
 * read as prose).
 */
const jsonScalar = String.raw`(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)`
const jsonStart = new RegExp(String.raw`^\s*(?:[[{]\s*$|\{\s*["}]|\[\s*(?:[[{"\]]|${jsonScalar}\s*(?:[,\]]|$)))`)

function scanLines(text: string, complete: boolean): {records: SampleRecord[]; invalid: number; lines: number} {
  const records: SampleRecord[] = []
  let invalid = 0
  let lines = 0
  const all = text.split('\n')
  // The last piece of an incomplete head is a cut-off line.
  if (!complete) all.pop()
  for (const [index, raw] of all.entries()) {
    if (records.length >= sampleRecordLimit) break
    if (!/\S/.test(raw)) continue
    lines++
    const parsed = tryParse(raw)
    if (parsed) records.push({line: index + 1, value: parsed.value})
    else invalid++
  }
  return {records, invalid, lines}
}

function tryParse(text: string): {value: unknown} | undefined {
  try {
    return {value: JSON.parse(text) as unknown}
  } catch {
    return undefined
  }
}

function partial(text: string): unknown {
  try {
    return parsePartialJson(text, Allow.ALL) as unknown
  } catch {
    return undefined
  }
}
