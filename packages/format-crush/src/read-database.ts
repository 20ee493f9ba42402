import type {Input, ParseContext} from '@chatmark/core/read'
import {numberOf, stringOf} from '@chatmark/core/model'
import type {Database, Row} from '@chatmark/sqlite'
import {openDatabase, sqlRows} from '@chatmark/sqlite'
import {messageSource} from './message-source.js'
import {requiredTables} from './required-tables.js'
import type {MessageRow, SessionRow, StoredSession} from './types.js'

/** Crush's database opened and checked, its sessions read on demand. */
export interface CrushDatabase {
  sessions: SessionRow[]
  /** The messages of one session, oldest first. */
  messages(session: string): MessageRow[]
  close(): void
}

/**
 * Opens a Crush `crush.db` (the committed rows of its `-wal` beside it
 * included) and reads its session rows, oldest first. A database without
 * Crush's tables fails, naming the tables it has.
 */
export async function openCrushDatabase(
  input: Input,
  context: ParseContext,
  wasmPath: string | undefined,
  report: (reason: string, ruleId: string) => void
): Promise<CrushDatabase> {
  const database = await openDatabase(input, context, {tool: 'Crush', source: messageSource, wasmPath})
  try {
    const name = input.name
    const tables = [...sqlRows(database, name, "SELECT name FROM sqlite_master WHERE type = 'table'")].map((row) =>
      String(row['name'])
    )
    const missing = requiredTables.filter((table) => !tables.includes(table))
    if (missing.length > 0) {
      throw new Error(
        `expected a Crush database (tables ${requiredTables.join(', ')}), found no ${missing.join(', ')} table in ` +
          `${name} (its tables: ${tables.join(', ') || 'none'})`
      )
    }
    const columns = new Set([...sqlRows(database, name, 'PRAGMA table_info(messages)')].map((row) => row['name']))
    const sessions = [...sqlRows(database, name, 'SELECT * FROM sessions ORDER BY created_at, rowid')].map(sessionRow)
    return {
      sessions,
      messages: (session) => readMessages(database, name, session, columns.has('is_summary_message'), report),
      close: () => database.close()
    }
  } catch (error) {
    database.close()
    throw error
  }
}

/** Reads a whole database: every session with its messages. */
export function storedSessions(database: CrushDatabase): StoredSession[] {
  return database.sessions.map((row) => ({row, messages: database.messages(row.id)}))
}

function readMessages(
  database: Database,
  name: string,
  session: string,
  summaryColumn: boolean,
  report: (reason: string, ruleId: string) => void
): MessageRow[] {
  const messages: MessageRow[] = []
  const sql = 'SELECT * FROM messages WHERE session_id = ? ORDER BY created_at, rowid'
  for (const row of sqlRows(database, name, sql, [session])) {
    const id = stringOf(row['id']) ?? `row-${messages.length + 1}`
    let parts: unknown
    try {
      parts = JSON.parse(String(row['parts'] ?? '[]'))
    } catch (error) {
      report(
        `${name}: message ${id} of session ${session}: its parts are not JSON (${describe(error)}); it is left out`,
        'unreadable-parts'
      )
      continue
    }
    messages.push({
      id,
      role: stringOf(row['role']) ?? 'unknown',
      parts: Array.isArray(parts) ? parts : [],
      model: stringOf(row['model']) || undefined,
      provider: stringOf(row['provider']) || undefined,
      createdAt: row['created_at'],
      finishedAt: row['finished_at'],
      isSummary: summaryColumn && row['is_summary_message'] === 1
    })
  }
  return messages
}

function sessionRow(row: Row): SessionRow {
  return {
    id: stringOf(row['id']) ?? '',
    parentSessionId: stringOf(row['parent_session_id']) || undefined,
    title: stringOf(row['title']) || undefined,
    promptTokens: numberOf(row['prompt_tokens']),
    completionTokens: numberOf(row['completion_tokens']),
    cost: numberOf(row['cost']),
    createdAt: row['created_at'],
    updatedAt: row['updated_at'],
    summaryMessageId: stringOf(row['summary_message_id']) || undefined
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
