import {mkdir, mkdtemp, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {Conversation, NoticePart, Normalized} from '@chatmark/core'
import {createNormalizer, inputFromBytes, inputFromFolder, inputFromPath} from '@chatmark/core'
import {opencode} from '@chatmark/format-opencode'
import initSqlJs from 'sql.js'

/** The repository root. */
export const root = fileURLToPath(new URL('../../../', import.meta.url))
/** The real database and storage folder of the golden cases. */
export const databaseFixture = join(root, 'packages/format-opencode/fixtures/database/input.db')
export const storageFixture = join(root, 'packages/format-opencode/fixtures/storage-folder/input')

const normalizer = createNormalizer({builtins: [opencode()]})

/** Reads a database file or storage folder by path. */
export async function readPath(path: string, folder = false): Promise<Normalized> {
  return normalizer.normalize(folder ? await inputFromFolder(path) : await inputFromPath(path))
}

/** Reads bytes as an OpenCode database, detected or forced. */
export async function readBytes(bytes: Uint8Array, name = 'opencode.db', force = false): Promise<Normalized> {
  return normalizer.normalize(inputFromBytes(bytes, name), force ? {format: 'opencode'} : {})
}

/** Writes files (paths to JSON values, or raw text) under a fresh temporary folder. */
export async function folder(files: Record<string, unknown>): Promise<string> {
  const base = await mkdtemp(join(tmpdir(), 'chatmark-opencode-'))
  for (const [path, value] of Object.entries(files)) {
    await mkdir(dirname(join(base, path)), {recursive: true})
    await writeFile(join(base, path), typeof value === 'string' ? value : JSON.stringify(value, null, 2))
  }
  return base
}

/** A session's rows, for {@link database}. */
export interface Rows {
  session: Record<string, unknown>
  messages: Array<{id: string; data: Record<string, unknown> | string; parts?: Array<Record<string, unknown> | string>}>
}

/**
 * An OpenCode database made with sql.js: the `session`, `message` and `part`
 * tables of 1.18.33 (the columns the reader uses), one row per message and
 * part; a `string` data is stored as it is (junk). `before`: SQL run first.
 */
export async function database(sessions: Rows[], before = ''): Promise<Uint8Array> {
  const SQL = await initSqlJs()
  const db = new SQL.Database()
  if (before) db.run(before)
  db.run(
    'CREATE TABLE `session` (`id` text PRIMARY KEY, `project_id` text NOT NULL, `parent_id` text, `slug` text, ' +
      '`directory` text NOT NULL, `title` text NOT NULL, `version` text NOT NULL, `revert` text, ' +
      '`time_created` integer NOT NULL, `time_updated` integer NOT NULL);' +
      'CREATE TABLE `message` (`id` text PRIMARY KEY, `session_id` text NOT NULL, `time_created` integer NOT NULL, ' +
      '`time_updated` integer NOT NULL, `data` text NOT NULL);' +
      'CREATE TABLE `part` (`id` text PRIMARY KEY, `message_id` text NOT NULL, `session_id` text NOT NULL, ' +
      '`time_created` integer NOT NULL, `time_updated` integer NOT NULL, `data` text NOT NULL);'
  )
  let clock = 1_796_098_659_000
  for (const {session, messages} of sessions) {
    const id = String(session['id'])
    db.run('INSERT INTO session VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      id,
      'global',
      (session['parentID'] as string | undefined) ?? null,
      'brave-otter',
      '/home/ada/project',
      (session['title'] as string | undefined) ?? 'A session',
      '1.18.33',
      session['revert'] === undefined ? null : JSON.stringify(session['revert']),
      clock,
      clock + 1000
    ])
    for (const message of messages) {
      clock += 1000
      const data = typeof message.data === 'string' ? message.data : JSON.stringify(message.data)
      db.run('INSERT INTO message VALUES (?, ?, ?, ?, ?)', [message.id, id, clock, clock, data])
      for (const [index, part] of (message.parts ?? []).entries()) {
        const partData = typeof part === 'string' ? part : JSON.stringify(part)
        db.run('INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)', [
          `prt_${message.id.slice(4)}${String(index).padStart(3, '0')}`,
          message.id,
          id,
          clock,
          clock,
          partData
        ])
      }
    }
  }
  const bytes = db.export()
  db.close()
  return bytes
}

export const user = (id: string, text: string, extra: Record<string, unknown> = {}): Rows['messages'][number] => ({
  id,
  data: {role: 'user', time: {created: 1_796_098_660_000}, agent: 'build', ...extra},
  parts: [{type: 'text', text}]
})

export const assistant = (
  id: string,
  parentID: string,
  parts: Array<Record<string, unknown> | string>,
  extra: Record<string, unknown> = {}
): Rows['messages'][number] => ({
  id,
  data: {
    role: 'assistant',
    parentID,
    modelID: 'mock-model',
    providerID: 'mock',
    time: {created: 1_796_098_661_000},
    tokens: {total: 30, input: 20, output: 6, reasoning: 4, cache: {read: 2, write: 0}},
    cost: 0.001,
    ...extra
  },
  parts
})

export const notices = (conversation: Conversation | undefined): NoticePart[] =>
  (conversation?.turns ?? []).flatMap((turn) => turn.parts.filter((part): part is NoticePart => part.type === 'notice'))
