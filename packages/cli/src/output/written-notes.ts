import {closeSync, constants, fstatSync, ftruncateSync, openSync, writeSync} from 'node:fs'
import {lstat, open} from 'node:fs/promises'
import {join} from 'node:path'
import {StringDecoder} from 'node:string_decoder'
import {writeFileAtomically} from '@chatmark/core'

/**
 * The file in an output folder that records, for each note chatmark wrote
 * there, the SHA-256 of the text as written: one JSON line
 * `{"name":...,"sha256":...}` per write, the last line for a name counting.
 * A note whose text still has that hash is chatmark's own and may be
 * replaced; any other text is someone's edit and is kept.
 */
export const writtenNotesFile = '.chatmark-written'

/**
 * How much of {@link writtenNotesFile} is read (about 2,000,000 lines); past it, notes count as edited (kept).
 * It is a file in a folder anyone may write to: the bound keeps a planted giant from costing more than a few
 * seconds. Compaction keeps a real ledger near one line a note, far below it.
 */
const maxLedgerBytes = 256 * 1024 * 1024

/** The ledger is read this much at a time: a long one is never one string. */
const chunkBytes = 1024 * 1024

/** Longer than any line chatmark writes (a file name is at most 255 bytes, escaped at most 6 characters each). */
const maxLineChars = 64 * 1024

/**
 * Superseded lines (a name's earlier hashes, unreadable lines) tolerated before the ledger is rewritten with one
 * line a note, when they also outnumber the notes. An export of 60,000 conversations rendered again after an
 * upgrade adds 60,000 lines; unbounded, a ledger outgrew what was read of it (16 MB then), and every note whose
 * last line fell past that counted as edited: kept, with the new note written beside it.
 */
const compactAfterLines = 10_000

/** `O_NOFOLLOW` where the platform has it: a link planted at the ledger's name is never followed. */
const noFollow = constants.O_NOFOLLOW ?? 0

/** The hashes of the notes chatmark wrote into a folder, by file name. */
export interface WrittenNotes {
  /** The hash of `name` as chatmark last wrote it, if it did. */
  hashOf(name: string): string | undefined
  /**
   * Records that `name` now holds text of hash `sha256`. Appended (`O_APPEND`),
   * so concurrent runs add their lines without losing each other's; written
   * at once (synchronously), one line a note.
   */
  record(name: string, sha256: string): void
  /**
   * Closes the ledger, which stays open while notes are recorded, and rewrites
   * it with one line a note (atomically) when superseded lines have piled up,
   * unless another run appended to it meanwhile. Never fails: a ledger that
   * cannot be rewritten stays as it is, and still right.
   */
  close(): Promise<void>
}

/** What was read of a ledger. */
interface LedgerRead {
  bytes: number
  /** Lines that were not blank, readable or not. */
  lines: number
}

/** Reads the ledger of `folder` (an absolute path); a missing or unreadable one is empty. */
export async function writtenNotes(folder: string): Promise<WrittenNotes> {
  const path = join(folder, writtenNotesFile)
  const hashes = new Map<string, string>()
  const read = await readLedger(path, (line) => {
    const entry = parseLine(line)
    if (entry) hashes.set(entry.name, entry.sha256)
  })
  // The file as this run knows it: what it read, and the lines it appended since.
  const known: LedgerRead = {bytes: read?.bytes ?? 0, lines: read?.lines ?? 0}
  let ledger: number | undefined
  return {
    hashOf: (name) => hashes.get(name),
    record(name, sha256) {
      // Opened once for the run (an export writes tens of thousands of notes), each line one appended write, made
      // at once: the line is small, and a trip through libuv's thread pool per note cost more than the write.
      ledger ??= openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | noFollow, 0o666)
      const line = Buffer.from(ledgerLine(name, sha256))
      appendLine(ledger, line)
      hashes.set(name, sha256)
      known.bytes += line.length
      known.lines++
    },
    async close() {
      if (ledger !== undefined) closeSync(ledger)
      ledger = undefined
      if (known.lines - hashes.size <= Math.max(hashes.size, compactAfterLines)) return
      const bytes = await compact(path, hashes, known.bytes).catch(() => undefined)
      if (bytes !== undefined) Object.assign(known, {bytes, lines: hashes.size})
    }
  }
}

/**
 * Rewrites the ledger with the last hash of each name, when it is still the
 * file of `expectedBytes` this run read and appended to. A file of another
 * size had lines appended by another run (or was not read whole): rewriting
 * it would drop them, and their notes would count as edited; it is left to a
 * later run. (A run appending between this check and the rename loses its
 * lines all the same: its notes are then kept as edited, never overwritten.)
 * Gives the new file's size, or undefined when it was left as it was.
 */
async function compact(
  path: string,
  hashes: ReadonlyMap<string, string>,
  expectedBytes: number
): Promise<number | undefined> {
  const info = await lstat(path)
  if (!info.isFile() || info.size !== expectedBytes) return undefined
  const lines: string[] = []
  for (const [name, sha256] of hashes) lines.push(ledgerLine(name, sha256))
  const text = lines.join('')
  await writeFileAtomically(path, text)
  return Buffer.byteLength(text)
}

/** Calls `onLine` with each line of the ledger at `path`; undefined when there is none, or it cannot be read. */
async function readLedger(path: string, onLine: (line: string) => void): Promise<LedgerRead | undefined> {
  let handle: Awaited<ReturnType<typeof open>>
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | noFollow)
  } catch {
    return undefined
  }
  try {
    if (!(await handle.stat()).isFile()) return undefined
    const buffer = Buffer.allocUnsafe(chunkBytes)
    const decoder = new StringDecoder('utf8')
    const read: LedgerRead = {bytes: 0, lines: 0}
    const take = (line: string): void => {
      if (line.trim() === '') return
      read.lines++
      onLine(line)
    }
    let rest = ''
    // Within a line longer than any note's (planted, or garbled): what is left of it is skipped, not gathered.
    let overlong = false
    while (read.bytes < maxLedgerBytes) {
      const {bytesRead} = await handle.read(buffer, 0, Math.min(chunkBytes, maxLedgerBytes - read.bytes), read.bytes)
      if (bytesRead === 0) break
      read.bytes += bytesRead
      const lines = (rest + decoder.write(buffer.subarray(0, bytesRead))).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) {
        if (overlong) {
          overlong = false
          read.lines++
        } else take(line)
      }
      if (rest.length > maxLineChars) {
        rest = ''
        overlong = true
      }
    }
    if (overlong) read.lines++
    else take(rest + decoder.end())
    return read
  } catch {
    return undefined
  } finally {
    await handle.close()
  }
}

/**
 * Appends `line` to the ledger open as `fd`, or throws. A write may take
 * only part of it (the disk filled mid-line): the rest is written, and if it
 * cannot be, the part is taken back off, since the next line appended (by a
 * later run) would join it, and neither would read.
 */
function appendLine(fd: number, line: Buffer): void {
  let done = 0
  try {
    while (done < line.length) done += writeSync(fd, line, done)
  } catch (error) {
    if (done > 0) {
      try {
        ftruncateSync(fd, fstatSync(fd).size - done)
      } catch {
        // Left as it is: the line's own note then counts as edited on a later run, and is kept.
      }
    }
    throw error
  }
}

/** A ledger line as `record` appends it and `compact` rewrites it. */
function ledgerLine(name: string, sha256: string): string {
  return `${JSON.stringify({name, sha256})}\n`
}

/** One ledger line, checked: it is a file in a folder anyone may write to. */
function parseLine(line: string): {name: string; sha256: string} | undefined {
  try {
    const data: unknown = JSON.parse(line)
    if (typeof data !== 'object' || data === null) return undefined
    const {name, sha256} = data as Record<string, unknown>
    return typeof name === 'string' && typeof sha256 === 'string' && /^[0-9a-f]{64}$/.test(sha256)
      ? {name, sha256}
      : undefined
  } catch {
    return undefined
  }
}
