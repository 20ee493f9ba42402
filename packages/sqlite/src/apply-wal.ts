/** What {@link applyWal} did. */
export interface WalResult {
  /** The database with every committed WAL frame written into it, in rollback-journal mode. */
  bytes: Uint8Array
  /** How many committed frames were applied. */
  frames: number
  /** Whether the WAL held frames after its last commit (a transaction still being written), which were left out. */
  uncommitted: boolean
}

/** `SQLite format 3\0`: the first 16 bytes of every SQLite database file. */
export const sqliteMagic = 'SQLite format 3\0'

/** Whether `bytes` begin with the header string of a SQLite database file. */
export function startsWithSqliteMagic(bytes: Uint8Array): boolean {
  if (bytes.byteLength < sqliteMagic.length) return false
  for (let index = 0; index < sqliteMagic.length; index++) {
    if (bytes[index] !== sqliteMagic.charCodeAt(index)) return false
  }
  return true
}

const walHeaderBytes = 32
const frameHeaderBytes = 24
/** WAL magic numbers: the low bit says whether checksums read words big-endian. */
const walMagicLittle = 0x377f0682
const walMagicBig = 0x377f0683

/**
 * Writes the committed frames of a SQLite write-ahead log into the database
 * image, as SQLite's own checkpoint would, so rows still in the `-wal` file
 * are read (the tools keep their databases in WAL mode: OpenCode 1.18 sets
 * `PRAGMA journal_mode = WAL` in `packages/opencode/src/storage/db.ts`). Follows the
 * file format (sqlite.org/fileformat2.html, "The Write-Ahead Log"): a frame
 * counts only when its salts match the header and its running checksum holds,
 * and only up to the last commit frame. The result's header says rollback
 * mode (bytes 18-19 set to 1), so an in-memory SQLite looks for no WAL.
 * A WAL that is not one (wrong magic, page size) is ignored: `frames` is 0.
 */
export function applyWal(database: Uint8Array, wal: Uint8Array | undefined): WalResult {
  let bytes = database
  let frames = 0
  let uncommitted = false
  const header = wal && wal.byteLength >= walHeaderBytes ? new DataView(wal.buffer, wal.byteOffset) : undefined
  const magic = header?.getUint32(0)
  const pageSize = header?.getUint32(8) ?? 0
  if (wal && header && (magic === walMagicLittle || magic === walMagicBig) && validPageSize(pageSize)) {
    const bigEndian = magic === walMagicBig
    const salt1 = header.getUint32(16)
    const salt2 = header.getUint32(20)
    let sum = checksum(wal, 0, 24, bigEndian, [0, 0])
    if (sum[0] === header.getUint32(24) && sum[1] === header.getUint32(28)) {
      const pages = new Map<number, number>()
      let pending = new Map<number, number>()
      let size = 0
      for (let at = walHeaderBytes; at + frameHeaderBytes + pageSize <= wal.byteLength; ) {
        const page = header.getUint32(at)
        const commit = header.getUint32(at + 4)
        if (header.getUint32(at + 8) !== salt1 || header.getUint32(at + 12) !== salt2) break
        sum = checksum(wal, at, 8, bigEndian, sum)
        sum = checksum(wal, at + frameHeaderBytes, pageSize, bigEndian, sum)
        if (sum[0] !== header.getUint32(at + 16) || sum[1] !== header.getUint32(at + 20) || page === 0) break
        pending.set(page, at + frameHeaderBytes)
        at += frameHeaderBytes + pageSize
        if (commit === 0) continue
        for (const [number, offset] of pending) pages.set(number, offset)
        frames += pending.size
        pending = new Map()
        size = commit
      }
      uncommitted = pending.size > 0
      if (size > 0) {
        bytes = new Uint8Array(size * pageSize)
        bytes.set(database.subarray(0, Math.min(database.byteLength, bytes.byteLength)))
        for (const [number, offset] of pages) {
          if (number <= size) bytes.set(wal.subarray(offset, offset + pageSize), (number - 1) * pageSize)
        }
      }
    }
  }
  if (bytes.byteLength > 19 && (bytes[18] === 2 || bytes[19] === 2)) {
    if (bytes === database) bytes = database.slice()
    bytes[18] = 1
    bytes[19] = 1
  }
  return {bytes, frames, uncommitted}
}

function validPageSize(size: number): boolean {
  return size >= 512 && size <= 65_536 && (size & (size - 1)) === 0
}

/** SQLite's WAL checksum over `length` bytes (a multiple of 8), continuing from `start`. */
function checksum(
  bytes: Uint8Array,
  offset: number,
  length: number,
  bigEndian: boolean,
  start: readonly [number, number]
): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, length)
  let s0 = start[0]
  let s1 = start[1]
  for (let at = 0; at < length; at += 8) {
    s0 = (s0 + view.getUint32(at, !bigEndian) + s1) >>> 0
    s1 = (s1 + view.getUint32(at + 4, !bigEndian) + s0) >>> 0
  }
  return [s0, s1]
}
