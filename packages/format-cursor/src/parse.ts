import type {Conversation} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {sqliteMagic} from '@chatmark/sqlite'

/** What {@link parse} needs besides the context. */
export interface ParseSettings {
  /** Where SQLite's `sql-wasm.wasm` is, when not found by itself. */
  wasmPath?: string
}

/**
 * Reads Cursor's chats: a SQLite database is the IDE's `state.vscdb` or the
 * CLI's `store.db` (told apart by their tables, when opened), any other
 * input a CLI transcript (JSONL). The database readers and sql.js load only
 * when a database is read.
 */
export async function* parse(
  input: Input,
  context: ParseContext,
  settings: ParseSettings
): AsyncGenerator<Conversation> {
  const head = await input.head(sqliteMagic.length)
  if (Buffer.from(head).toString('latin1') !== sqliteMagic) {
    const {readTranscript} = await import('./cli/read-transcript.js')
    yield* readTranscript(input, context)
    return
  }
  if (context.verdict?.variant === 'cursor-cli-store' || /(^|[\\/])store\.db$/.test(input.path ?? input.name)) {
    const {readStore} = await import('./cli/read-store.js')
    yield* readStore(input, context, settings.wasmPath)
    return
  }
  const {readStateDatabase} = await import('./state/read-state-db.js')
  yield* readStateDatabase(input, context, settings.wasmPath)
}
