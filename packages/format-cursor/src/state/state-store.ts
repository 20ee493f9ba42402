import type {Database, SqlValue} from '@chatmark/sqlite'
import {sqlRow, sqlRows} from '@chatmark/sqlite'

/**
 * The two key-value tables of a Cursor `state.vscdb`: VS Code's `ItemTable`
 * and Cursor's `cursorDiskKV` (both `key TEXT UNIQUE, value BLOB`), read by
 * key. A value is JSON text (a BLOB in some rows: decoded as UTF-8); one that
 * does not parse is `undefined`, and counted.
 */
export class StateStore {
  readonly tables: ReadonlySet<string>
  /** Values that were not JSON, by table. */
  readonly unreadable = new Map<string, number>()
  readonly #database: Database
  readonly #name: string

  constructor(database: Database, name: string) {
    this.#database = database
    this.#name = name
    const tables = sqlRows(database, name, "SELECT name FROM sqlite_master WHERE type = 'table'")
    this.tables = new Set([...tables].map((row) => String(row['name'])))
  }

  /** The JSON of `ItemTable` row `key`. */
  item(key: string): unknown {
    if (!this.tables.has('ItemTable')) return undefined
    return this.#json(
      'ItemTable',
      sqlRow(this.#database, this.#name, 'SELECT value FROM ItemTable WHERE key = ?', [key])
    )
  }

  /** The JSON of `cursorDiskKV` row `key`; `null` when the row is there but holds no value. */
  kv(key: string): unknown {
    if (!this.tables.has('cursorDiskKV')) return undefined
    const row = sqlRow(this.#database, this.#name, 'SELECT value FROM cursorDiskKV WHERE key = ?', [key])
    if (row && (row['value'] === null || row['value'] === undefined)) return null
    return this.#json('cursorDiskKV', row)
  }

  /** The keys of `cursorDiskKV` that start with `prefix`, in key order (a range scan of its index). */
  *kvKeys(prefix: string): Generator<string> {
    if (!this.tables.has('cursorDiskKV')) return
    const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)
    const rows = sqlRows(
      this.#database,
      this.#name,
      'SELECT key FROM cursorDiskKV WHERE key >= ? AND key < ? ORDER BY key',
      [prefix, end]
    )
    for (const row of rows) yield String(row['key'])
  }

  /** How many `cursorDiskKV` keys start with `prefix`. */
  countKeys(prefix: string): number {
    let count = 0
    for (const _ of this.kvKeys(prefix)) count++
    return count
  }

  #json(table: string, row: Record<string, SqlValue> | undefined): unknown {
    const value = row?.['value']
    if (value === undefined || value === null) return undefined
    const text = typeof value === 'string' ? value : value instanceof Uint8Array ? new TextDecoder().decode(value) : ''
    try {
      return JSON.parse(text) as unknown
    } catch {
      this.unreadable.set(table, (this.unreadable.get(table) ?? 0) + 1)
      return undefined
    }
  }
}
