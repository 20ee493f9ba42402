import {shorten} from '@chatmark/core/read'
import type {Input, ParseContext} from '@chatmark/core/read'
import type {Database} from '@chatmark/sqlite'
import {openDatabase, sqlRows} from '@chatmark/sqlite'
import {JsonColumn} from './json-column.js'
import {kiloDatabaseName, kiloTables} from './kilo.js'
import {messageSource} from './message-source.js'
import {requiredTables} from './required-tables.js'
import type {SessionReading} from './read-session.js'
import {readSession} from './read-session.js'
import type {StoredSession} from './types.js'

/** The columns of `session` a conversation uses (a session's `summary_diffs` can hold whole files: never read). */
const sessionColumns = [
  'id',
  'slug',
  'project_id',
  'parent_id',
  'directory',
  'title',
  'version',
  'revert',
  'time_created',
  'time_updated'
]

/**
 * Reads OpenCode's SQLite database (`opencode.db`, 1.2 and later), with the
 * committed rows of its `-wal` file beside it, and yields its sessions oldest
 * first, each with its messages and parts, read row by row (see
 * `readSession`). A session that cannot be read is reported and skipped; the
 * others are kept.
 */
export async function* readDatabase(
  input: Input,
  context: ParseContext,
  wasmPath: string | undefined
): AsyncGenerator<StoredSession> {
  const tool = kiloDatabaseName.test(input.name) ? 'Kilo Code' : 'OpenCode'
  const database = await openDatabase(input, context, {tool, source: messageSource, wasmPath})
  try {
    yield* readSessions(database, input.name, (reason, ruleId) =>
      context.file.message(reason, {ruleId, source: messageSource})
    )
  } finally {
    database.close()
  }
}

function* readSessions(
  database: Database,
  name: string,
  warn: (reason: string, ruleId: string) => void
): Generator<StoredSession> {
  const tables = [...sqlRows(database, name, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")].map(
    (row) => String(row['name'])
  )
  const missing = requiredTables.filter((table) => !tables.includes(table))
  if (missing.length > 0) {
    throw new Error(
      `expected an OpenCode database (tables session, message and part), found no ${missing.join(', ')} table in ` +
        `${name} (its tables: ${tables.join(', ') || 'none'})`
    )
  }
  const tool = kiloTables.some((table) => tables.includes(table)) ? 'kilo' : 'opencode'
  const present = new Set([...sqlRows(database, name, 'PRAGMA table_info(session)')].map((row) => String(row['name'])))
  // `id` is named whatever the table has: a table without it fails, naming the column.
  const columns = sessionColumns.filter((column) => column === 'id' || present.has(column))
  let reading: SessionReading
  try {
    reading = {
      database,
      name,
      messages: new JsonColumn(database, name, 'message'),
      parts: new JsonColumn(database, name, 'part'),
      warn
    }
  } catch (error) {
    throw new Error(`could not read ${name} as a SQLite database (${describe(error)})`)
  }
  try {
    for (const row of sqlRows(database, name, `SELECT ${columns.join(', ')} FROM session ORDER BY time_created, id`)) {
      const id = String(row['id'])
      // A damaged page costs the sessions stored on it, not the database: the others are still read.
      let session: StoredSession
      try {
        session = readSession(reading, row)
      } catch (error) {
        warn(`${describe(error)}: session ${shorten(id)} is skipped, the others are kept`, 'unreadable-session')
        continue
      }
      yield {...session, tool}
    }
  } finally {
    reading.messages.free()
    reading.parts.free()
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
