import type {Readable} from 'node:stream'
import {crc32} from 'node:zlib'
import type {Entry, ZipFile} from 'yauzl'
import type {Input} from '../read/input.js'
import {streamedInput} from '../read/input.js'
import type {NamePattern} from '../read/plugin.js'
import {matchesName} from '../read/plugin.js'
import {defaultLimits} from '../read/limits.js'
import type {ExpansionLimits} from './expansion-guard.js'
import {checkExpansion} from './expansion-guard.js'

/**
 * The members of a zip archive that formats read as its input (their
 * {@link FormatPlugin.archiveMembers}), as one input, or `undefined` when the
 * archive holds none. Each folder holding matching members is one data export
 * (see {@link zipExports}); `choice` picks which is read, the first by
 * default (the shallowest), with a fatal `onWarning` naming the others when
 * there are more. An export's members are read in natural name order
 * (`conversations-2.json` before `conversations-10.json`): a data export split
 * over numbered files is read whole, as one input. When the first part is a
 * JSON array, the parts are joined into one array (each must be an array);
 * otherwise they are concatenated, a line break between them. One member is
 * read as it is.
 *
 * The archive is read through its central directory (yauzl), so a multi-GB
 * export is streamed, never unpacked to disk or held in memory. The input is
 * named `<archive>!<member>`, or `<archive>!<first>..<last>` for several; its
 * `container` is the archive's files (an export's attachments).
 * A member that expands past `limits.maxExpandedBytes` or
 * `limits.maxExpansionRatio` fails as it is opened (yauzl holds each member to
 * the sizes its directory entry declares).
 */
export async function zipMemberInput(
  archive: Input,
  members: readonly NamePattern[],
  limits: ExpansionLimits = defaultLimits,
  onWarning: (reason: string, fatal?: boolean) => void = () => {},
  choice?: number
): Promise<Input | undefined> {
  if (members.length === 0) return undefined
  const listing = await scanZip(archive, onWarning)
  return memberInput(archive, listing, chosenExport(archive, listing, members, choice, onWarning), limits, onWarning)
}

/**
 * The data exports a zip archive holds, by name (`a/conversations.json`,
 * `b/conversations-000.json..b/conversations-002.json`), in the order
 * `choice` counts them ({@link zipMemberInput}): each folder that holds
 * members `members` matches is one export, shallowest first, then in natural
 * name order; a name met twice in a folder (two exports zipped into one, both
 * at the top) makes an export of each, the second named `... (2)`. Two
 * exports zipped together are two inputs: read as one, the second's
 * conversations were lost, or skipped as another format's.
 */
export async function zipExports(
  archive: Input,
  members: readonly NamePattern[],
  onWarning: (reason: string) => void = () => {}
): Promise<string[]> {
  if (members.length === 0) return []
  return memberGroups(await scanZip(archive, onWarning), members).map(exportName)
}

/**
 * The zip archive as formats read it, from one scan of its central directory:
 * its export members ({@link zipMemberInput}, `choice` picking the export)
 * when `members` match any, else the archive as a container ({@link zipContainerInput}).
 */
export async function zipInput(
  archive: Input,
  members: readonly NamePattern[],
  limits: ExpansionLimits,
  onWarning: (reason: string, fatal?: boolean) => void,
  choice?: number
): Promise<Input> {
  const listing = await scanZip(archive, onWarning)
  return (
    memberInput(archive, listing, chosenExport(archive, listing, members, choice, onWarning), limits, onWarning) ??
    zipContainerInput(archive, limits, onWarning, listing)
  )
}

/** Export number `choice` (the first when not given, with a fatal warning naming the others). */
function chosenExport(
  archive: Input,
  listing: readonly Entry[],
  members: readonly NamePattern[],
  choice: number | undefined,
  onWarning: (reason: string, fatal?: boolean) => void
): ExportMembers | undefined {
  const groups = memberGroups(listing, members)
  if (choice !== undefined) {
    const chosen = groups[choice]
    if (!chosen) throw new Error(`${archive.name} holds ${groups.length} data exports, not ${choice + 1}`)
    return chosen
  }
  if (groups.length > 1) {
    const names = groups.map(exportName)
    // Fatal: the others' conversations are not read.
    onWarning(
      `The archive holds ${groups.length} data exports (${names.join(', ')}): only ${names[0]} is read here; ` +
        'each is an input of its own when the archive is read from a file',
      true
    )
  }
  return groups[0]
}

function memberInput(
  archive: Input,
  listing: readonly Entry[],
  chosen: ExportMembers | undefined,
  limits: ExpansionLimits,
  onWarning: (reason: string) => void
): Input | undefined {
  const parts = chosen?.entries ?? []
  const first = parts[0]
  if (!chosen || !first) return undefined
  const size = parts.reduce((total, entry) => total + entry.uncompressedSize, 0)
  const verify = crcWarner(onWarning)
  const open = async function* (): AsyncGenerator<Uint8Array> {
    // The entries found by the one directory scan above are read again from a freshly opened archive: opening
    // reads only the end record, so a 100,000-member archive's directory is scanned once, not on every read.
    const file = await openZip(archive)
    try {
      if (parts.length === 1) yield* readEntry(file, first, limits, verify)
      else
        yield* joinParts(
          parts.map((entry) => ({name: entry.fileName, open: () => readEntry(file, entry, limits, verify)}))
        )
    } finally {
      file.close()
    }
  }
  const name = `${archive.name}!${exportName(chosen)}`
  const container = filesInput(archive, listing, limits, verify)
  return streamedInput({name, ...(archive.path === undefined ? {} : {path: archive.path}), size, container}, open)
}

/**
 * The archive of an export member as its {@link Input.container}: every file
 * the directory scan found (the export's attachments beside its
 * `conversations.json`), each read from a freshly opened archive and closed
 * after it, so an input kept for its attachments holds no file open. An
 * archive in memory (stdin) is opened once.
 */
function filesInput(
  archive: Input,
  listing: readonly Entry[],
  limits: ExpansionLimits,
  verify: (entry: Entry, crc: number) => void
): Input {
  const byPath = new Map(listing.map((entry) => [entry.fileName, entry]))
  let inMemory: Promise<ZipFile> | undefined
  return {
    name: archive.name,
    ...(archive.path === undefined ? {} : {path: archive.path}),
    async *open() {},
    async head() {
      return new Uint8Array(0)
    },
    async entries() {
      return [...byPath.values()]
        .map((entry) => ({path: entry.fileName, size: entry.uncompressedSize}))
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    },
    async *openEntry(path) {
      const entry = byPath.get(path)
      if (!entry) throw new Error(`${path} is not in ${archive.name}`)
      if (archive.path === undefined) {
        inMemory ??= openZip(archive)
        yield* readEntry(await inMemory, entry, limits, verify)
        return
      }
      const zip = await openZip(archive)
      try {
        yield* readEntry(zip, entry, limits, verify)
      } finally {
        zip.close()
      }
    }
  }
}

async function* readEntry(
  zip: ZipFile,
  entry: Entry,
  limits: ExpansionLimits,
  verify: (entry: Entry, crc: number) => void
): AsyncGenerator<Uint8Array> {
  checkExpansion(limits, `member ${entry.fileName}`, entry.compressedSize, entry.uncompressedSize)
  const stream = await new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, readable) => (error ? reject(error) : resolve(readable)))
  })
  // yauzl checks sizes but not the CRC: it is computed here as the bytes pass, and checked once all have.
  let crc = 0
  for await (const chunk of stream) {
    crc = crc32(chunk as Buffer, crc)
    yield chunk as Buffer
  }
  verify(entry, crc)
}

/**
 * Checks a member's CRC once it has been read whole, and warns once per member
 * when it differs: the bytes are still used (they may be damaged), the rest of
 * the archive is unaffected.
 */
function crcWarner(onWarning: (reason: string) => void): (entry: Entry, crc: number) => void {
  const warned = new Set<string>()
  return (entry, crc) => {
    if (crc >>> 0 === entry.crc32 >>> 0 || warned.has(entry.fileName)) return
    warned.add(entry.fileName)
    onWarning(
      `Zip member ${JSON.stringify(entry.fileName)} fails its CRC check (expected ${hex(entry.crc32)}, ` +
        `read ${hex(crc)}): it may be damaged, read anyway`
    )
  }
}

function hex(value: number): string {
  return (value >>> 0).toString(16).padStart(8, '0')
}

const openBracket = 0x5b
const closeBracket = 0x5d
const comma = Uint8Array.of(0x2c)
const newline = 0x0a
const space = 0x20

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
}

/** The length of a UTF-8 byte order mark at the start of `chunk` (0 or 3). */
function bomLength(chunk: Uint8Array): number {
  return chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0
}

/**
 * The parts of one document, in order: JSON arrays joined into one array
 * (`[a, b]` and `[c]` give `[a, b,c]`; empty ones add nothing), or else the
 * parts concatenated with a line break between them. Streams: only the
 * whitespace at the end of a chunk is held back. Joined arrays are exactly as
 * long as the parts (the brackets and whitespace dropped become spaces before
 * the closing bracket): the input's `size` is the parts' total, and a head
 * that holds it all must be seen as the whole input, or a small split export of
 * minified (one-line) parts samples as one cut-off JSON line that no format
 * claims (ChatGPT exports of 2026, `conversations-000.json`...).
 */
async function* joinParts(
  parts: ReadonlyArray<{name: string; open(): AsyncIterable<Uint8Array>}>
): AsyncGenerator<Uint8Array> {
  let array: boolean | undefined
  let items = false
  let endsInNewline = true
  let read = 0
  let written = 0
  const out = (bytes: Uint8Array): Uint8Array => {
    written += bytes.length
    return bytes
  }
  for (const [index, part] of parts.entries()) {
    // Before the first significant byte: `start` (then `[` is due in array mode), `open` (inside the bracket).
    let phase: 'start' | 'open' | 'body' | 'empty' = 'start'
    let held: Uint8Array = new Uint8Array(0)
    let firstChunk = true
    for await (const raw of part.open()) {
      read += raw.length
      let chunk = raw
      if (firstChunk) {
        chunk = chunk.subarray(bomLength(chunk))
        firstChunk = false
      }
      if (array === false) {
        if (index > 0 && phase === 'start') {
          if (!endsInNewline) yield Uint8Array.of(newline)
          phase = 'body'
        }
        if (chunk.length > 0) {
          endsInNewline = chunk[chunk.length - 1] === newline
          yield chunk
        }
        continue
      }
      let at = 0
      if (phase === 'start') {
        while (at < chunk.length && isSpace(chunk[at])) at++
        if (at === chunk.length) continue
        if (array === undefined) {
          array = chunk[at] === openBracket
          if (!array) {
            endsInNewline = chunk[chunk.length - 1] === newline
            yield chunk
            phase = 'body'
            continue
          }
          yield out(Uint8Array.of(openBracket))
        } else if (chunk[at] !== openBracket) {
          throw new Error(`${part.name} is not a JSON array, as ${parts[0]?.name} is: the parts cannot be joined`)
        }
        at++
        phase = 'open'
      }
      if (phase === 'open') {
        while (at < chunk.length && isSpace(chunk[at])) at++
        if (at === chunk.length) continue
        if (chunk[at] === closeBracket) phase = 'empty'
        else {
          if (items) yield out(comma)
          items = true
          phase = 'body'
        }
      }
      if (phase === 'empty') continue
      // The body: everything up to the array's closing bracket, which is the last significant byte.
      const body = held.length === 0 ? chunk.subarray(at) : concat(held, chunk.subarray(at))
      let end = body.length
      while (end > 0 && isSpace(body[end - 1])) end--
      const keep = Math.max(end - 1, 0)
      if (keep > 0) yield out(body.subarray(0, keep))
      held = body.slice(keep)
    }
    if (array === true && phase !== 'empty') {
      let end = held.length
      while (end > 0 && isSpace(held[end - 1])) end--
      if (phase !== 'body' || held[end - 1] !== closeBracket || end !== 1)
        throw new Error(`${part.name} does not end as a JSON array does, with \`]\`: the parts cannot be joined`)
    }
  }
  if (array === true) {
    const padding = read - written - 1
    if (padding > 0) yield new Uint8Array(padding).fill(space)
    yield Uint8Array.of(closeBracket)
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a)
  joined.set(b, a.length)
  return joined
}

/** yauzl, imported on first use: only a `.zip` input needs it. */
async function loadYauzl(): Promise<typeof import('yauzl')> {
  return (await import('yauzl')).default
}

async function openZip(archive: Input): Promise<ZipFile> {
  const yauzl = await loadYauzl()
  // Names are decoded and checked member by member (see entryName): yauzl's own check would fail the whole archive.
  const options = {lazyEntries: true, autoClose: false, decodeStrings: false}
  if (archive.path !== undefined) {
    const path = archive.path
    return new Promise((resolve, reject) =>
      yauzl.open(path, options, (error, zip) => (error ? reject(error) : resolve(zip)))
    )
  }
  // Stdin or a buffer: the archive is already in memory.
  const chunks: Uint8Array[] = []
  for await (const chunk of archive.open()) chunks.push(chunk)
  const buffer = Buffer.concat(chunks)
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, options, (error, zip) => (error ? reject(error) : resolve(zip)))
  )
}

/**
 * A zip archive as a container input (a Slack export `.zip`): its files are
 * listed from the central directory and each is streamed on demand from one
 * open archive, so thousands of day files cost one directory read. A file
 * that expands past `limits.maxExpandedBytes` or `limits.maxExpansionRatio`
 * fails as it is opened.
 */
export function zipContainerInput(
  archive: Input,
  limits: ExpansionLimits = defaultLimits,
  onWarning: (reason: string) => void = () => {},
  listing?: readonly Entry[]
): Input {
  let opened: Promise<{zip: ZipFile; byPath: Map<string, Entry>}> | undefined
  const verify = crcWarner(onWarning)
  const load = (): Promise<{zip: ZipFile; byPath: Map<string, Entry>}> =>
    (opened ??= openZip(archive).then(async (zip) => {
      const entries = listing ?? (await listEntries(zip, onWarning))
      return {zip, byPath: new Map(entries.map((entry) => [entry.fileName, entry]))}
    }))
  return {
    name: archive.name,
    ...(archive.path === undefined ? {} : {path: archive.path}),
    async *open() {},
    async head() {
      return new Uint8Array(0)
    },
    async entries() {
      const {byPath} = await load()
      return [...byPath.values()]
        .map((entry) => ({path: entry.fileName, size: entry.uncompressedSize}))
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    },
    async *openEntry(path) {
      const {zip, byPath} = await load()
      const entry = byPath.get(path)
      if (!entry) throw new Error(`${path} is not in ${archive.name}`)
      yield* readEntry(zip, entry, limits, verify)
    }
  }
}

/** The archive's files (not its folders) with safe names, from one scan of its central directory. */
async function scanZip(archive: Input, onWarning: (reason: string) => void): Promise<Entry[]> {
  const zip = await openZip(archive)
  try {
    return await listEntries(zip, onWarning)
  } finally {
    zip.close()
  }
}

async function listEntries(zip: ZipFile, onWarning: (reason: string) => void): Promise<Entry[]> {
  const yauzl = await loadYauzl()
  return new Promise((resolve, reject) => {
    const entries: Entry[] = []
    zip.on('entry', (entry: Entry) => {
      // Folders end in `/`.
      if (namedSafely(entry, yauzl, onWarning) && !entry.fileName.endsWith('/')) entries.push(entry)
      zip.readEntry()
    })
    zip.on('end', () => resolve(entries))
    zip.on('error', reject)
    zip.readEntry()
  })
}

/**
 * Decodes an entry's name in place (the archive is opened with
 * `decodeStrings: false`) and tells whether it is safe: a name that is
 * absolute, climbs out with `..` or holds a NUL is skipped with a warning
 * naming it, and the rest of the archive is read.
 */
function namedSafely(entry: Entry, yauzl: typeof import('yauzl'), onWarning: (reason: string) => void): boolean {
  const raw = entry.fileName as unknown as Buffer
  const low = yauzl as unknown as {
    getFileNameLowLevel(flags: number, name: Buffer, extraFields: Entry['extraFields'], strict: boolean): string
  }
  const name = low.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false)
  entry.fileName = name
  const problem = name.includes('\0') ? 'NUL in file name' : yauzl.validateFileName(name)
  if (problem === null) return true
  // yauzl's reason repeats the name after a colon; the name is quoted (and cut) once, before it.
  onWarning(`Zip member ${JSON.stringify(name.slice(0, 200))} skipped: ${problem.split(': ')[0]}`)
  return false
}

/** One data export of an archive: its members, in natural name order, and its number among its folder's (1, 2...). */
interface ExportMembers {
  entries: Entry[]
  copy: number
}

/** The entries whose base name matches `members`, by export: see {@link zipExports}. */
function memberGroups(entries: readonly Entry[], members: readonly NamePattern[]): ExportMembers[] {
  const byFolder = new Map<string, Entry[]>()
  for (const entry of entries) {
    const path = entry.fileName
    const slash = path.lastIndexOf('/')
    if (!matchesName(path.slice(slash + 1), members)) continue
    const folder = path.slice(0, slash + 1)
    const list = byFolder.get(folder)
    if (list) list.push(entry)
    else byFolder.set(folder, [entry])
  }
  const depth = (folder: string): number => folder.split('/').length
  const folders = [...byFolder.keys()].sort((a, b) => depth(a) - depth(b) || compareNatural(a, b))
  const groups: ExportMembers[] = []
  for (const folder of folders) {
    // The n-th member of a name (in the archive's order) belongs to the folder's n-th export.
    const exports: Entry[][] = []
    const seen = new Map<string, number>()
    for (const entry of byFolder.get(folder) ?? []) {
      const count = seen.get(entry.fileName) ?? 0
      seen.set(entry.fileName, count + 1)
      const found = exports[count]
      if (found) found.push(entry)
      else exports[count] = [entry]
    }
    for (const [index, found] of exports.entries()) {
      groups.push({entries: found.sort((a, b) => compareNatural(a.fileName, b.fileName)), copy: index + 1})
    }
  }
  return groups
}

/** An export's name: its member, or its first and last members (`a..b`); `(2)` after the second of a name. */
function exportName({entries, copy}: ExportMembers): string {
  const first = entries[0]?.fileName ?? ''
  const last = entries.at(-1)?.fileName ?? ''
  return `${first === last ? first : `${first}..${last}`}${copy > 1 ? ` (${copy})` : ''}`
}

/** Compares names with their runs of digits as numbers: `part-2` before `part-10`. */
function compareNatural(a: string, b: string): number {
  const runs = /(\d+)/
  const left = a.split(runs)
  const right = b.split(runs)
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index] ?? ''
    const y = right[index] ?? ''
    if (x === y) continue
    if (index % 2 === 1) {
      const [p, q] = [x.replace(/^0+(?=\d)/, ''), y.replace(/^0+(?=\d)/, '')]
      if (p.length !== q.length) return p.length - q.length
      if (p !== q) return p < q ? -1 : 1
      return x.length - y.length
    }
    return x < y ? -1 : 1
  }
  return left.length - right.length
}
