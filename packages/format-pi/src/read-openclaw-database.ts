import type {Conversation, ParentRelation} from '@chatmark/core/model'
import {idFromName} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import type {Database, Row} from '@chatmark/sqlite'
import {openDatabase, sqlRows} from '@chatmark/sqlite'
import {messageSource, sessionConversation} from './session-conversation.js'
import {SessionLines} from './session-lines.js'

/** The tables an OpenClaw agent database must have: its session windows and their transcripts. */
export const openClawTables = ['session_windows', 'transcript_events'] as const

/**
 * How a session window came from the one before it (`session_windows.reason`, OpenClaw 2026.9): each window is
 * its own Pi session (its own header, its own transcript), so each is a note of its own, linked to the window
 * before. A rollover, a compaction or a recovery goes on with the same conversation (`resume`); a fork or a rewind
 * branches off it (`fork`); a reset, a switch or an initial window starts anew (no parent: only named in `extra`).
 */
const relations: Readonly<Record<string, ParentRelation>> = {
  rollover: 'resume',
  compaction: 'resume',
  recovery: 'resume',
  fork: 'fork',
  rewind: 'fork'
}

/**
 * Reads OpenClaw's agent database (`~/.openclaw/agents/<agent>/agent/openclaw-agent.sqlite`, with its `-wal`),
 * and yields one conversation per session window, oldest first: the window's `transcript_events` rows in `seq`
 * order are the lines of a Pi session file. A window that cannot be read is reported and skipped.
 */
export async function* readOpenClawDatabase(
  input: Input,
  context: ParseContext,
  wasmPath: string | undefined
): AsyncGenerator<Conversation> {
  const database = await openDatabase(input, context, {tool: 'OpenClaw', source: messageSource, wasmPath})
  try {
    const name = input.name
    const tables = [...sqlRows(database, name, "SELECT name FROM sqlite_master WHERE type = 'table'")].map((row) =>
      String(row['name'])
    )
    const missing = openClawTables.filter((table) => !tables.includes(table))
    if (missing.length > 0) {
      throw new Error(
        `expected an OpenClaw agent database (tables session_windows and transcript_events), found no ` +
          `${missing.join(', ')} table in ${name}`
      )
    }
    let yielded = 0
    for (const window of windowRows(database, name, context)) {
      let conversation: Conversation | undefined
      try {
        conversation = windowConversation(database, input, context, window)
      } catch (error) {
        // A damaged page costs the windows stored on it, not the database.
        warn(context, `Session ${String(window['session_id'])}: ${describe(error)}: skipped`, 'unreadable-session')
      }
      if (conversation) {
        yielded++
        yield conversation
      }
    }
    if (yielded === 0) throw new Error(`no OpenClaw session with transcript events in ${name}`)
  } finally {
    database.close()
  }
}

/** The session windows, oldest first; a damaged table ends the list with a warning instead of losing it. */
function windowRows(database: Database, name: string, context: ParseContext): Row[] {
  const rows: Row[] = []
  try {
    for (const row of sqlRows(database, name, 'SELECT * FROM session_windows ORDER BY created_at, session_id')) {
      rows.push(row)
    }
  } catch (error) {
    if (rows.length === 0) throw error
    warn(context, `${name}: the session windows after the first ${rows.length} cannot be read (${describe(error)})`)
  }
  return rows
}

function warn(context: ParseContext, reason: string, ruleId = 'unreadable-session'): void {
  context.file.message(reason, {ruleId, source: messageSource})
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** A window's `transcript_events` rows in `seq` order, as the lines of a Pi session. */
function windowLines(database: Database, name: string, id: string, context: ParseContext): SessionLines {
  const lines = new SessionLines()
  let compressed = 0
  try {
    for (const row of sqlRows(
      database,
      name,
      'SELECT seq, event_json FROM transcript_events WHERE session_id = ? ORDER BY seq',
      [id]
    )) {
      const seq = Number(row['seq'])
      const text = row['event_json']
      // Large events are stored zstd-compressed in `event_zstd` instead (the table's CHECK): no zstd reader here.
      if (typeof text !== 'string') {
        compressed++
        continue
      }
      try {
        lines.add(JSON.parse(text), seq)
      } catch {
        lines.session.fidelity['malformed-line'] = (lines.session.fidelity['malformed-line'] ?? 0) + 1
        context.file.message(`Session ${id}, event seq ${seq}: event_json is not JSON: skipped`, {
          ruleId: 'malformed-line',
          source: messageSource
        })
      }
    }
  } catch (error) {
    // A damaged page ends the window's transcript: what came before it is kept.
    warn(context, `Session ${id}: its events after seq ${lines.lastLine ?? 'none'} cannot be read (${describe(error)})`)
  }
  if (compressed > 0) {
    lines.session.fidelity['compressed-event'] = compressed
    context.file.message(
      `Session ${id}: ${compressed} event(s) stored zstd-compressed (event_zstd), which this reader cannot ` +
        'open: skipped',
      {ruleId: 'compressed-event', source: messageSource}
    )
  }
  return lines
}

function windowConversation(
  database: Database,
  input: Input,
  context: ParseContext,
  window: Row
): Conversation | undefined {
  const id = String(window['session_id'])
  const session = windowLines(database, input.name, id, context).finish()
  if (session.entries.length === 0) return undefined
  const extra: Record<string, string> = {}
  for (const [column, key] of [
    ['session_key', 'sessionKey'],
    ['reason', 'windowReason'],
    ['previous_session_id', 'previousSession'],
    ['channel', 'channel'],
    ['display_name', 'displayName']
  ] as const) {
    const value = window[column]
    if (typeof value === 'string' && value.length > 0) extra[key] = value
  }
  const previous = extra['previousSession']
  const relation = relations[extra['windowReason'] ?? '']
  try {
    return sessionConversation(session, context, {
      format: 'pi',
      variant: 'openclaw',
      tool: 'OpenClaw',
      fallbackId: id || idFromName(input.name),
      ...(input.path ? {path: input.path} : {}),
      extra,
      ...(previous && relation ? {parent: {id: previous, relation}} : {})
    })
  } catch (error) {
    warn(context, `Session ${id}: ${describe(error)}: skipped`)
    return undefined
  }
}
