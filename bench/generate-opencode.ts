import {readFile, writeFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

/** What this file uses of sql.js (the bench does not depend on its types). */
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

/** The real database of `packages/format-opencode/fixtures/database` (OpenCode 1.18.33): four sessions. */
const fixture = fileURLToPath(new URL('../packages/format-opencode/fixtures/database/input.db', import.meta.url))

/** The `read` tool call of the first session, whose output is made huge. */
const bigPart = 'prt_22fd33fc1001bw6b3n4OqA37zh'

/**
 * OpenCode's real database with one tool output of about `bytes` bytes: the
 * `read` tool's output in the first session becomes a file of numbered log
 * lines, as OpenCode stores what a tool printed (`state.output`, one JSON string
 * in the part's `data` column); the other three sessions stay as they were.
 * Written with sql.js, the engine the reader uses.
 */
export async function generateOpencodeDatabase(path: string, bytes: number): Promise<void> {
  const SQL = await sqlJs()
  const database = new SQL.Database(await readFile(fixture))
  try {
    const row = database.exec('SELECT data FROM part WHERE id = ?', [bigPart])[0]?.values[0]?.[0]
    if (typeof row !== 'string') throw new Error(`no part ${bigPart} in ${fixture}`)
    const data = JSON.parse(row) as {state: {output: string}}
    const lines: string[] = []
    let size = 0
    for (let line = 1; size < bytes; line++) {
      const time = `2026-12-01T10:${String(line % 60).padStart(2, '0')}:00Z`
      const text = `${line}: ${time} INFO worker-${line % 7} handled request ${line} in ${line % 97} ms`
      lines.push(text)
      size += text.length + 1
    }
    data.state.output = `<content>\n${lines.join('\n')}\n</content>`
    database.run('UPDATE part SET data = ? WHERE id = ?', [JSON.stringify(data), bigPart])
    await writeFile(path, database.export())
  } finally {
    database.close()
  }
}

/** sql.js, as the OpenCode reader's package resolves it. */
async function sqlJs(): Promise<SqlJs> {
  const require = createRequire(new URL('../packages/format-opencode/package.json', import.meta.url))
  const {default: initSqlJs} = (await import(require.resolve('sql.js'))) as {default: () => Promise<SqlJs>}
  return initSqlJs()
}
