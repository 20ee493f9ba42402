import {startsWithSqliteMagic} from './apply-wal.js'

/** What {@link readSqliteSchema} found in the head of a SQLite database. */
export interface SqliteSchema {
  /** The names of the tables in the `sqlite_master` rows the head holds. */
  tables: string[]
  /** Whether every page of `sqlite_master` lay in the head, so `tables` is the whole list. */
  complete: boolean
}

/** Page types of a table b-tree (sqlite.org/fileformat2.html, "B-tree Pages"). */
const interiorTable = 0x05
const leafTable = 0x0d
const headerBytes = 100
/** More pages than a 64 KiB head can hold at the smallest page size: a loop in a damaged file ends here. */
const maxPages = 128

/**
 * Reads the table names of a SQLite database's schema from the head of the
 * file, as SQLite itself would: page 1 is the root of the `sqlite_master`
 * table b-tree; its leaves hold one row per table, index, view and trigger
 * (`type`, `name`, `tbl_name`, `rootpage`, `sql`). A schema larger than a
 * page splits, and its leaves go wherever the file had free pages: in a
 * database that grew before its last migration (OpenCode's drizzle
 * migrations add tables to a live `opencode.db`) they lie far beyond the
 * head. Those are not read: `complete` is then false.
 *
 * Returns `undefined` when the bytes are not a SQLite database or page 1 is
 * not a table b-tree page (a damaged header); never throws.
 */
export function readSqliteSchema(bytes: Uint8Array): SqliteSchema | undefined {
  if (bytes.byteLength <= headerBytes || !startsWithSqliteMagic(bytes)) return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const sizeField = view.getUint16(16)
  const pageSize = sizeField === 1 ? 65_536 : sizeField
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return undefined
  const usable = pageSize - (bytes[20] ?? 0)
  const encoding = view.getUint32(56)
  const decoder = new TextDecoder(encoding === 2 ? 'utf-16le' : encoding === 3 ? 'utf-16be' : 'utf-8')
  const decode = (text: Uint8Array): string => decoder.decode(text)
  const reader: PageReader = {bytes, view, pageSize, usable, decode, tables: [], complete: true, seen: new Set()}
  const first = view.getUint8(headerBytes)
  if (first !== interiorTable && first !== leafTable) return undefined
  try {
    readPage(reader, 1)
  } catch {
    // A cell that points outside its page: what was read so far stands, the rest is unknown.
    reader.complete = false
  }
  return {tables: reader.tables, complete: reader.complete}
}

interface PageReader {
  bytes: Uint8Array
  view: DataView
  pageSize: number
  usable: number
  decode: (bytes: Uint8Array) => string
  tables: string[]
  complete: boolean
  seen: Set<number>
}

function readPage(reader: PageReader, page: number): void {
  const start = (page - 1) * reader.pageSize
  if (page < 1 || start + reader.pageSize > reader.bytes.byteLength) {
    reader.complete = false
    return
  }
  if (reader.seen.has(page) || reader.seen.size >= maxPages) throw new Error('b-tree loop')
  reader.seen.add(page)
  const header = page === 1 ? headerBytes : start
  const type = reader.view.getUint8(header)
  const cells = reader.view.getUint16(header + 3)
  if (type === interiorTable) {
    const pointers = header + 12
    for (let index = 0; index < cells; index++) {
      const cell = start + reader.view.getUint16(pointers + 2 * index)
      readPage(reader, reader.view.getUint32(cell))
    }
    readPage(reader, reader.view.getUint32(header + 8))
    return
  }
  if (type !== leafTable) throw new Error(`page ${page} is not a table b-tree page`)
  const pointers = header + 8
  for (let index = 0; index < cells; index++) {
    readLeafCell(reader, start, start + reader.view.getUint16(pointers + 2 * index))
  }
}

/** One `sqlite_master` row: its first two columns, `type` and `name`, from the part of the record on this page. */
function readLeafCell(reader: PageReader, pageStart: number, cell: number): void {
  const payload = varint(reader.bytes, cell)
  const rowid = varint(reader.bytes, payload.end)
  const local = localBytes(payload.value, reader.usable)
  const record = reader.bytes.subarray(rowid.end, Math.min(rowid.end + local, pageStart + reader.pageSize))
  const headerSize = varint(record, 0)
  const types: number[] = []
  let at = headerSize.end
  while (at < headerSize.value && types.length < 2) {
    const type = varint(record, at)
    types.push(type.value)
    at = type.end
  }
  let offset = headerSize.value
  const values: Array<string | undefined> = []
  for (const type of types) {
    const size = serialSize(type)
    const text = type >= 13 && type % 2 === 1
    if (offset + size > record.byteLength) {
      // The name runs on into an overflow page: the row is there, its name unknown.
      reader.complete = false
      return
    }
    values.push(text ? reader.decode(record.subarray(offset, offset + size)) : undefined)
    offset += size
  }
  if (values[0] === 'table' && values[1] !== undefined) reader.tables.push(values[1])
}

/** How many bytes of a payload a table leaf cell keeps on its page (the rest is in overflow pages). */
function localBytes(payload: number, usable: number): number {
  const most = usable - 35
  if (payload <= most) return payload
  const least = Math.floor(((usable - 12) * 32) / 255) - 23
  const kept = least + ((payload - least) % (usable - 4))
  return kept <= most ? kept : least
}

function serialSize(type: number): number {
  if (type >= 12) return Math.floor((type - 12) / 2)
  return [0, 1, 2, 3, 4, 6, 8, 8, 0, 0][type] ?? 0
}

/** A SQLite varint (big-endian, 7 bits a byte, the ninth byte whole) at `at`. */
function varint(bytes: Uint8Array, at: number): {value: number; end: number} {
  let value = 0
  for (let index = 0; index < 9; index++) {
    const byte = bytes[at + index]
    if (byte === undefined) throw new Error('varint beyond the page')
    if (index === 8) return {value: value * 256 + byte, end: at + 9}
    value = value * 128 + (byte & 0x7f)
    if (byte < 0x80) return {value, end: at + index + 1}
  }
  return {value, end: at + 9}
}
