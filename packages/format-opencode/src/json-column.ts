import {isRecord} from '@chatmark/core/model'
import type {Database, SqlValue} from '@chatmark/sqlite'
import {sqlRow, sqlRows} from '@chatmark/sqlite'

/**
 * The most characters a string of a stored message or part keeps: a longer one
 * (a tool's output of 57 MB) keeps its first and last halves of this, and says
 * how much was cut between them. The note shows 4,000 characters of a tool
 * output by default (`--max-result-chars`); this bounds what is held and
 * scanned (redaction, the JSON writer) however large a row is.
 */
export const maxStringChars = 1_000_000

/** A string of a row cut to {@link maxStringChars}: where it was, and how many characters it had. */
export interface CutString {
  /** Its place in the row's JSON, as SQLite's JSON functions name it (`$.state.output`). */
  path: string
  chars: number
}

/** A row's JSON `data`, read with its long strings cut. */
export interface JsonData {
  /** The object, or `undefined` when the column holds none (junk, not JSON, not an object). */
  value: Record<string, unknown> | undefined
  /** The strings that were cut. */
  cuts: CutString[]
}

/** At most this many paths and values go to one `json_set` call (SQLite allows 127 arguments by default). */
const pathsPerCall = 50

/**
 * Reads the JSON `data` column of rows of `message` or `part` one row at a
 * time. A row of at most {@link maxStringChars} bytes holds no string longer
 * than that and is read as it is (one prepared statement for every row); a
 * larger one is taken apart by SQLite's own JSON functions first, in its
 * memory, so the strings over the limit reach JavaScript cut (a 57 MB tool
 * output is never one JavaScript string, nor parsed there). The inline image of
 * a `file` part (its `data:` URL) is never cut: the attachment is its bytes.
 */
export class JsonColumn {
  readonly #database: Database
  readonly #name: string
  readonly #table: 'message' | 'part'
  readonly #whole: ReturnType<Database['prepare']>

  /** `name`: the database's, for messages. */
  constructor(database: Database, name: string, table: 'message' | 'part') {
    this.#database = database
    this.#name = name
    this.#table = table
    this.#whole = database.prepare(`SELECT data FROM ${table} WHERE id = ?`)
  }

  /** Row `id`'s data, which is `bytes` bytes long (`octet_length(data)`). */
  read(id: string, bytes: number): JsonData {
    if (bytes <= maxStringChars) return {value: parsed(this.#wholeData(id)), cuts: []}
    const long = this.#longStrings(id)
    if (long.length === 0) return {value: parsed(this.#wholeData(id)), cuts: []}
    // One query, the cut strings put back by nested calls (each within SQLite's limit on arguments): what is set
    // stays in SQLite's memory until the small result comes out.
    let expression = 'data'
    for (let start = 0; start < long.length; start += pathsPerCall) {
      expression = `json_set(${expression}, ${long
        .slice(start, start + pathsPerCall)
        .map(() => '?, ?')
        .join(', ')})`
    }
    const data = sqlRow(this.#database, this.#name, `SELECT ${expression} AS data FROM ${this.#table} WHERE id = ?`, [
      ...long.flatMap((cut) => [cut.path, cut.kept]),
      id
    ])?.['data']
    return {value: parsed(data), cuts: long.map(({path, chars}) => ({path, chars}))}
  }

  /** Frees the prepared statement. */
  free(): void {
    this.#whole.free()
  }

  #wholeData(id: string): SqlValue | undefined {
    try {
      this.#whole.bind([id])
      return this.#whole.step() ? this.#whole.get()[0] : undefined
    } finally {
      this.#whole.reset()
    }
  }

  /**
   * The strings of row `id` over the limit, each with what it keeps, found by
   * SQLite's `json_tree` and cut by `json_extract`: each query names the value
   * once, as SQLite holds a copy of it for every mention (three mentions took
   * twice the memory of one).
   */
  #longStrings(id: string): Array<CutString & {kept: string}> {
    let type: SqlValue | undefined
    const found: CutString[] = []
    for (const row of sqlRows(
      this.#database,
      this.#name,
      "SELECT j.fullkey AS path, length(j.value) AS chars, CASE WHEN j.fullkey = '$.type' THEN j.value END AS type " +
        `FROM ${this.#table} AS t, json_tree(t.data) AS j WHERE t.id = ? AND j.type = 'text'`,
      [id]
    )) {
      const path = String(row['path'])
      const chars = Number(row['chars'])
      if (path === '$.type') type = row['type']
      if (chars > maxStringChars) found.push({path, chars})
    }
    // A pasted image is stored inline, as a data: URL: the attachment is its bytes, kept whole as other formats do.
    const long = this.#table === 'part' && type === 'file' ? found.filter((cut) => cut.path !== '$.url') : found
    const half = Math.floor(maxStringChars / 2)
    return long.map(({path, chars}) => {
      const head = this.#end(id, path, `substr(v, 1, ${half})`)
      const tail = this.#end(id, path, `substr(v, -${half})`)
      const cut = (chars - 2 * half).toLocaleString('en-US')
      return {path, chars, kept: `${head}\n[… ${cut} characters cut …]\n${tail}`}
    })
  }

  /** `part` (an expression of `v`) of the string at `path` of row `id`. */
  #end(id: string, path: string, part: string): string {
    const row = sqlRow(
      this.#database,
      this.#name,
      `SELECT ${part} AS part FROM (SELECT json_extract(data, ?) AS v FROM ${this.#table} WHERE id = ?)`,
      [path, id]
    )
    return String(row?.['part'] ?? '')
  }
}

/** A `data` column as an object: `undefined` for anything else. */
function parsed(value: SqlValue | undefined): Record<string, unknown> | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const data: unknown = JSON.parse(value)
    return isRecord(data) ? data : undefined
  } catch {
    return undefined
  }
}
