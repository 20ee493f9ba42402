import {readFile} from 'node:fs/promises'
import type {Fidelity} from '@chatmark/core/model'
import {isRecord} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {formatBytes, shorten} from '@chatmark/core/read'
import type {Database, SqlValue} from 'sql.js'
import {applyWal} from './apply-wal.js'
import {loadSqlite} from './load-sqlite.js'
import {messageSource} from './message-source.js'
import {requiredTables} from './required-tables.js'
import type {StoredMessage, StoredSession} from './types.js'

/**
 * Reads OpenCode's SQLite database (`opencode.db`, 1.2 and later) whole into
 * memory, with the committed rows of its `-wal` file beside it, and yields
 * its sessions oldest first, each with its messages and parts.
 */
export async function* readDatabase(
  input: Input,
  context: ParseContext,
  wasmPath: string | undefined
): AsyncGenerator<StoredSession> {
  const image = await readWhole(input, context.limits.maxInputBytes)
  const wal = applyWal(image, await readWal(input, context))
  if (wal.uncommitted) {
    context.file.message(
      `${input.path ?? input.name}-wal ends in a transaction OpenCode had not committed: its rows are left out`,
      {ruleId: 'uncommitted-wal', source: messageSource}
    )
  }
  const SQL = await loadSqlite(wasmPath)
  let database: Database
  try {
    database = new SQL.Database(wal.bytes)
  } catch (error) {
    throw new Error(`could not open ${input.name} as a SQLite database (${describe(error)})`)
  }
  try {
    yield* readSessions(database, input.name, (reason) =>
      context.file.message(reason, {ruleId: 'unreadable-session', source: messageSource})
    )
  } finally {
    database.close()
  }
}

function* readSessions(database: Database, name: string, warn: (reason: string) => void): Generator<StoredSession> {
  const tables = query(database, name, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((row) =>
    String(row['name'])
  )
  const missing = requiredTables.filter((table) => !tables.includes(table))
  if (missing.length > 0) {
    throw new Error(
      `expected an OpenCode database (tables session, message and part), found no ${missing.join(', ')} table in ` +
        `${name} (its tables: ${tables.join(', ') || 'none'})`
    )
  }
  const sessions = query(database, name, 'SELECT * FROM session ORDER BY time_created, id')
  for (const row of sessions) {
    const id = String(row['id'])
    // A damaged page costs the sessions stored on it, not the database: the others are still read.
    let session: StoredSession
    try {
      session = readSession(database, name, row)
    } catch (error) {
      warn(`${describe(error)}: session ${shorten(id)} is skipped, the others are kept`)
      continue
    }
    yield session
  }
}

/** One session's messages and their parts. */
function readSession(database: Database, name: string, row: Record<string, SqlValue>): StoredSession {
  const id = String(row['id'])
  const fidelity: Fidelity = {}
  const messages: StoredMessage[] = []
  const byId = new Map<string, StoredMessage>()
  const messageRows = query(
    database,
    name,
    'SELECT id, time_created, data FROM message WHERE session_id = ? ORDER BY time_created, id',
    [id]
  )
  for (const message of messageRows) {
    const info = jsonColumn(message['data'])
    if (!info) {
      count(fidelity, 'unreadable-message')
      continue
    }
    const stored: StoredMessage = {id: String(message['id']), info: {id: String(message['id']), ...info}, parts: []}
    messages.push(stored)
    byId.set(stored.id, stored)
  }
  const partRows = query(
    database,
    name,
    'SELECT id, message_id, data FROM part WHERE session_id = ? ORDER BY message_id, id',
    [id]
  )
  for (const part of partRows) {
    const data = jsonColumn(part['data'])
    const message = byId.get(String(part['message_id']))
    if (!data || !message) {
      count(fidelity, data ? 'orphan-part' : 'unreadable-part')
      continue
    }
    message.parts.push({id: String(part['id']), ...data})
  }
  return {info: sessionInfo(row), messages, fidelity}
}

/** The `session` row with the names the JSON files (and `opencode export`) use. */
function sessionInfo(row: Record<string, SqlValue>): Record<string, unknown> {
  const info: Record<string, unknown> = {id: String(row['id'])}
  const renamed: Array<[string, string]> = [
    ['slug', 'slug'],
    ['project_id', 'projectID'],
    ['parent_id', 'parentID'],
    ['directory', 'directory'],
    ['title', 'title'],
    ['version', 'version']
  ]
  for (const [column, field] of renamed)
    if (row[column] !== null && row[column] !== undefined) info[field] = row[column]
  info['time'] = {created: row['time_created'], updated: row['time_updated']}
  const revert = jsonColumn(row['revert'])
  if (revert) info['revert'] = revert
  return info
}

function query(
  database: Database,
  name: string,
  sql: string,
  parameters: SqlValue[] = []
): Array<Record<string, SqlValue>> {
  try {
    const statement = database.prepare(sql, parameters)
    const rows: Array<Record<string, SqlValue>> = []
    try {
      while (statement.step()) rows.push(statement.getAsObject())
    } finally {
      statement.free()
    }
    return rows
  } catch (error) {
    throw new Error(`could not read ${name} as a SQLite database (${describe(error)})`)
  }
}

/** A `data`/`revert` column: a JSON object, or `undefined`. */
function jsonColumn(value: SqlValue | undefined): Record<string, unknown> | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const parsed: unknown = JSON.parse(value)
    return isRecord(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

async function readWhole(input: Input, limit: number): Promise<Uint8Array> {
  const tooLarge = (size: number): Error =>
    new Error(
      `${input.name} is ${formatBytes(size)}, more than the ${formatBytes(limit)} a SQLite database is read ` +
        'into memory for (maxInputBytes)'
    )
  if (input.size !== undefined && input.size > limit) throw tooLarge(input.size)
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of input.open()) {
    total += chunk.byteLength
    if (total > limit) throw tooLarge(total)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** `<database>-wal` beside a database file, when there is one. */
async function readWal(input: Input, context: ParseContext): Promise<Uint8Array | undefined> {
  if (!input.path) return undefined
  try {
    const wal = await readFile(`${input.path}-wal`)
    return wal.byteLength + (input.size ?? 0) > context.limits.maxInputBytes ? undefined : wal
  } catch {
    return undefined
  }
}

function count(fidelity: Fidelity, reason: string): void {
  fidelity[reason] = (fidelity[reason] ?? 0) + 1
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
