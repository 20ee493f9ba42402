import type {Fidelity} from '@chatmark/core/model'
import {isRecord} from '@chatmark/core/model'
import {formatBytes, shorten} from '@chatmark/core/read'
import type {Database, Row} from '@chatmark/sqlite'
import {sqlRows} from '@chatmark/sqlite'
import type {JsonColumn, JsonData} from './json-column.js'
import {maxStringChars} from './json-column.js'
import type {StoredMessage, StoredSession} from './types.js'

/** What reading a database's sessions shares: the database, its name, its columns and where problems go. */
export interface SessionReading {
  database: Database
  name: string
  messages: JsonColumn
  parts: JsonColumn
  /** A problem of one session (`ruleId`: `long-text-cut`...), which is kept. */
  warn(reason: string, ruleId: string): void
}

/**
 * One session's messages and their parts, stepped row by row: a row's JSON is
 * read when its turn comes (its size first, from SQLite's record, never its
 * text), so the session's rows are never all in memory as text, and a string
 * over `maxStringChars` is cut as it is read (`long-text-cut` in fidelity). A
 * row that cannot be read costs that row: it is counted, the session kept.
 */
export function readSession(reading: SessionReading, row: Row): StoredSession {
  const id = String(row['id'])
  const fidelity: Fidelity = {}
  const messages: StoredMessage[] = []
  const byId = new Map<string, StoredMessage>()
  const {database, name} = reading
  for (const message of sqlRows(
    database,
    name,
    'SELECT id, octet_length(data) AS bytes FROM message WHERE session_id = ? ORDER BY time_created, id',
    [id]
  )) {
    const messageId = String(message['id'])
    const info = readData(reading, reading.messages, id, messageId, message, fidelity).value
    if (!info) {
      count(fidelity, 'unreadable-message')
      continue
    }
    const stored: StoredMessage = {id: messageId, info: {id: messageId, ...info}, parts: []}
    messages.push(stored)
    byId.set(stored.id, stored)
  }
  for (const part of sqlRows(
    database,
    name,
    'SELECT id, message_id, octet_length(data) AS bytes FROM part WHERE session_id = ? ORDER BY message_id, id',
    [id]
  )) {
    const message = byId.get(String(part['message_id']))
    if (!message) {
      count(fidelity, 'orphan-part')
      continue
    }
    const partId = String(part['id'])
    const data = readData(reading, reading.parts, id, partId, part, fidelity).value
    if (!data) count(fidelity, 'unreadable-part')
    else message.parts.push({id: partId, ...data})
  }
  return {info: sessionInfo(row), messages, fidelity}
}

/** A row's data, its cuts counted and said; a row SQLite cannot read (a damaged page) is none. */
function readData(
  reading: SessionReading,
  column: JsonColumn,
  session: string,
  id: string,
  row: Row,
  fidelity: Fidelity
): JsonData {
  const bytes = Number(row['bytes']) || 0
  let data: JsonData
  try {
    data = column.read(id, bytes)
  } catch {
    return {value: undefined, cuts: []}
  }
  for (const cut of data.cuts) {
    count(fidelity, 'long-text-cut')
    reading.warn(
      `Session ${shorten(session)}: ${cut.path.slice(2) || 'the text'} of ${shorten(id)} ` +
        `(${cut.chars.toLocaleString('en-US')} characters, in a row of ${formatBytes(bytes)}) keeps its first and ` +
        `last ${(maxStringChars / 2).toLocaleString('en-US')} characters`,
      'long-text-cut'
    )
  }
  return data
}

/** The `session` row with the names the JSON files (and `opencode export`) use. */
function sessionInfo(row: Row): Record<string, unknown> {
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
  const revert = revertOf(row['revert'])
  if (revert) info['revert'] = revert
  return info
}

function revertOf(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const parsed: unknown = JSON.parse(value)
    return isRecord(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

function count(fidelity: Fidelity, reason: string): void {
  fidelity[reason] = (fidelity[reason] ?? 0) + 1
}
