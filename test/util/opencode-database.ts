import {readFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

/** The real database of `packages/format-opencode/fixtures/database` (OpenCode 1.18.33): four sessions. */
const fixture = fileURLToPath(new URL('../../packages/format-opencode/fixtures/database/input.db', import.meta.url))

/** The `read` tool call of its first session. */
export const readCall = 'prt_22fd33fc1001bw6b3n4OqA37zh'

/** What this file uses of sql.js. */
interface SqlJs {
  Database: new (
    bytes?: Uint8Array
  ) => {
    exec(sql: string, parameters: unknown[]): Array<{values: unknown[][]}>
    run(sql: string, parameters: unknown[]): void
    export(): Uint8Array
    close(): void
  }
}

/**
 * OpenCode's real database with the output of its first session's `read`
 * call replaced by `output`, written by sql.js as the OpenCode reader's
 * package resolves it (the engine the reader uses).
 */
export async function opencodeDatabaseWithOutput(output: string): Promise<Uint8Array> {
  const require = createRequire(new URL('../../packages/format-opencode/package.json', import.meta.url))
  const {default: initSqlJs} = (await import(require.resolve('sql.js'))) as {default: () => Promise<SqlJs>}
  const database = new (await initSqlJs()).Database(await readFile(fixture))
  try {
    const data = JSON.parse(String(database.exec('SELECT data FROM part WHERE id = ?', [readCall])[0]?.values[0]?.[0]))
    data.state.output = output
    database.run('UPDATE part SET data = ? WHERE id = ?', [JSON.stringify(data), readCall])
    return database.export()
  } finally {
    database.close()
  }
}
