import type {Conversation} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {stringOf} from '@chatmark/core/model'
import {sqliteMagic} from '@chatmark/sqlite'
import {isKiloVersion} from './kilo.js'
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
  let store: 'storage' | 'export' | 'db'
  if (input.entries && input.openEntry) {
    sessions = readStorage(input, input.entries, context)
    store = 'storage'
  } else if (!(await isSqlite(input))) {
    sessions = readExport(input, context)
    store = 'export'
  } else {
    const {readDatabase} = await import('./read-database.js')
    sessions = readDatabase(input, context, settings.wasmPath)
    store = 'db'
  }
  const report = (reason: string, ruleId: string): void => {
    context.file.message(reason, {ruleId, source: messageSource})
  }
  for await (const session of sessions) {
    const variant = variantOf(store, session)
    yield sessionConversation(session, {variant, ...(input.path ? {path: input.path} : {})}, report)
  }
}

/**
 * Whose session it is: a database's by Kilo's own tables, else (Kilo 7.0's
 * has none), as an export's, by the version that wrote the session (Kilo's
 * numbers start at 7); the storage folder of 1.1 and earlier is OpenCode's
 * alone.
 */
function variantOf(store: 'storage' | 'export' | 'db', session: StoredSession): SessionSource['variant'] {
  if (store === 'storage') return 'opencode-storage'
  // Kilo 7.0's database has OpenCode's tables alone (its own came with later releases): its version says.
  const kilo = session.tool === 'kilo' || isKiloVersion(stringOf(session.info['version']))
  return kilo ? `kilo-${store}` : `opencode-${store}`
}

/** Whether the input starts as a SQLite database does: the database reader's, else the export reader's. */
async function isSqlite(input: Input): Promise<boolean> {
  const head = await input.head(sqliteMagic.length)
  return Buffer.from(head).toString('latin1') === sqliteMagic
}
