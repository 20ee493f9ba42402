import {readFile} from 'node:fs/promises'
import type {Input, ParseContext} from '@chatmark/core/read'
import {formatBytes} from '@chatmark/core/read'
import type {Database} from 'sql.js'
import {applyWal} from './apply-wal.js'
import {loadSqlite} from './load-sqlite.js'

/** Who opens a database, for {@link openDatabase}'s messages and its WebAssembly file. */
export interface OpenOptions {
  /** The tool that writes the database, as people call it (`OpenCode`): named in the messages. */
  tool: string
  /** The message source of the format that reads it (`chatmark:opencode`). */
  source: string
  /** Where `sql-wasm.wasm` is, when not in one of the places {@link loadSqlite} looks. */
  wasmPath?: string | undefined
}

/**
 * A tool's SQLite database opened in sql.js, with the committed rows of the
 * `-wal` file beside it (a transaction the tool had not committed is left
 * out, with an `uncommitted-wal` warning). sql.js keeps its own copy of the
 * file: the bytes read here are dropped once it is open, never held while
 * the rows are read. The whole file must fit `maxInputBytes`.
 *
 * @throws when the file is larger than the limit or is no SQLite database.
 */
export async function openDatabase(input: Input, context: ParseContext, options: OpenOptions): Promise<Database> {
  const wal = applyWal(await readWhole(input, context.limits.maxInputBytes), await readWal(input, context))
  if (wal.uncommitted) {
    context.file.message(
      `${input.path ?? input.name}-wal ends in a transaction ${options.tool} had not committed: its rows are left out`,
      {ruleId: 'uncommitted-wal', source: options.source}
    )
  }
  const SQL = await loadSqlite(options.wasmPath)
  try {
    return new SQL.Database(wal.bytes)
  } catch (error) {
    throw new Error(`could not open ${input.name} as a SQLite database (${describe(error)})`)
  }
}

/** The whole file, read into one buffer of its size (never gathered in chunks and copied again). */
async function readWhole(input: Input, limit: number): Promise<Uint8Array> {
  const tooLarge = (size: number): Error =>
    new Error(
      `${input.name} is ${formatBytes(size)}, more than the ${formatBytes(limit)} a SQLite database is read ` +
        'into memory for (maxInputBytes)'
    )
  if (input.size !== undefined && input.size > limit) throw tooLarge(input.size)
  let bytes = new Uint8Array(input.size ?? 0)
  let total = 0
  for await (const chunk of input.open()) {
    if (total + chunk.byteLength > limit) throw tooLarge(total + chunk.byteLength)
    // A file that grew since it was measured (the tool writing to it): room for the rest.
    if (total + chunk.byteLength > bytes.byteLength) {
      const grown = new Uint8Array(Math.min(limit, Math.max(2 * bytes.byteLength, total + chunk.byteLength)))
      grown.set(bytes.subarray(0, total))
      bytes = grown
    }
    bytes.set(chunk, total)
    total += chunk.byteLength
  }
  return bytes.subarray(0, total)
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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
