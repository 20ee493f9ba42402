import type {Conversation} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {sqliteMagic} from '@chatmark/sqlite'
import {messageSource} from './message-source.js'
import {readExport} from './read-export.js'
import {readStorage} from './read-storage.js'
import type {SessionSource} from './session-conversation.js'
import {sessionConversation} from './session-conversation.js'
import type {StoredSession} from './types.js'

export {messageSource} from './message-source.js'

/** What {@link parse} needs besides the context. */
export interface ParseSettings {
  /** Where SQLite's `sql-wasm.wasm` is, when not found by itself. */
  wasmPath?: string
}

/**
 * Reads OpenCode's sessions, one conversation each: from the SQLite
 * database (a file starting `SQLite format 3`: 1.2 and later), from the
 * JSON of `opencode export` (any other file), or from the storage folder of
 * JSON files (a container: 1.1 and earlier). The database reader and sql.js
 * load only when a database is read.
 */
export async function* parse(
  input: Input,
  context: ParseContext,
  settings: ParseSettings
): AsyncGenerator<Conversation> {
  let sessions: AsyncIterable<StoredSession>
  let variant: SessionSource['variant']
  if (input.entries && input.openEntry) {
    sessions = readStorage(input, input.entries, context)
    variant = 'opencode-storage'
  } else if (!(await isSqlite(input))) {
    sessions = readExport(input, context)
    variant = 'opencode-export'
  } else {
    const {readDatabase} = await import('./read-database.js')
    sessions = readDatabase(input, context, settings.wasmPath)
    variant = 'opencode-db'
  }
  const report = (reason: string, ruleId: string): void => {
    context.file.message(reason, {ruleId, source: messageSource})
  }
  for await (const session of sessions) {
    yield sessionConversation(session, {variant, ...(input.path ? {path: input.path} : {})}, report)
  }
}

/** Whether the input starts as a SQLite database does: the database reader's, else the export reader's. */
async function isSqlite(input: Input): Promise<boolean> {
  const head = await input.head(sqliteMagic.length)
  return Buffer.from(head).toString('latin1') === sqliteMagic
}
