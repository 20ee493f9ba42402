import type {Database, SqlValue} from 'sql.js'

/** A row of a query, by column name. */
export type Row = Record<string, SqlValue>

/**
 * The rows of a query, stepped one at a time from a prepared statement: a
 * table is never read into an array whole. The statement is freed when the
 * loop ends, early or not. A failure names the database (`name`).
 */
export function* sqlRows(database: Database, name: string, sql: string, parameters: SqlValue[] = []): Generator<Row> {
  let statement: ReturnType<Database['prepare']>
  try {
    statement = database.prepare(sql, parameters)
  } catch (error) {
    throw unreadable(name, error)
  }
  try {
    for (;;) {
      let row: Row
      try {
        if (!statement.step()) return
        row = statement.getAsObject()
      } catch (error) {
        throw unreadable(name, error)
      }
      yield row
    }
  } finally {
    statement.free()
  }
}

/** The first row of a query, if any. */
export function sqlRow(database: Database, name: string, sql: string, parameters: SqlValue[] = []): Row | undefined {
  for (const row of sqlRows(database, name, sql, parameters)) return row
  return undefined
}

function unreadable(name: string, error: unknown): Error {
  return new Error(`could not read ${name} as a SQLite database (${error instanceof Error ? error.message : error})`)
}
