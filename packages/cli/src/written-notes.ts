import {closeSync, constants, openSync, writeSync} from 'node:fs'
import {open} from 'node:fs/promises'
import {join} from 'node:path'

/**
 * The file in an output folder that records, for each note chatmark wrote
 * there, the SHA-256 of the text as written: one JSON line
 * `{"name":...,"sha256":...}` per write, the last line for a name counting.
 * A note whose text still has that hash is chatmark's own and may be
 * replaced; any other text is someone's edit and is kept.
 */
export const writtenNotesFile = '.chatmark-written'

/** How much of {@link writtenNotesFile} is read (about 150,000 notes); past it, notes count as edited (kept). */
const maxLedgerBytes = 16 * 1024 * 1024

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
  /** Closes the ledger, which stays open while notes are recorded. */
  close(): void
}

/** Reads the ledger of `folder` (an absolute path); a missing or unreadable one is empty. */
export async function writtenNotes(folder: string): Promise<WrittenNotes> {
  const path = join(folder, writtenNotesFile)
  const hashes = new Map<string, string>()
  for (const line of (await readLedger(path)).split('\n')) {
    const entry = parseLine(line)
    if (entry) hashes.set(entry.name, entry.sha256)
  }
  let ledger: number | undefined
  return {
    hashOf: (name) => hashes.get(name),
    record(name, sha256) {
      hashes.set(name, sha256)
      // Opened once for the run (an export writes tens of thousands of notes), each line one appended write, made
      // at once: the line is small, and a trip through libuv's thread pool per note cost more than the write.
      ledger ??= openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | noFollow, 0o666)
      writeSync(ledger, `${JSON.stringify({name, sha256})}\n`)
    },
    close() {
      if (ledger !== undefined) closeSync(ledger)
      ledger = undefined
    }
  }
}

async function readLedger(path: string): Promise<string> {
  try {
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | noFollow)
    try {
      const info = await handle.stat()
      if (!info.isFile()) return ''
      const buffer = Buffer.alloc(Math.min(info.size, maxLedgerBytes))
      const {bytesRead} = await handle.read(buffer, 0, buffer.length, 0)
      return buffer.subarray(0, bytesRead).toString('utf8')
    } finally {
      await handle.close()
    }
  } catch {
    return ''
  }
}

/** One ledger line, checked: it is a file in a folder anyone may write to. */
function parseLine(line: string): {name: string; sha256: string} | undefined {
  if (line.trim() === '') return undefined
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
