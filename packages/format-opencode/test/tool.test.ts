import assert from 'node:assert/strict'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {Layout} from '../../../test/util/tool-home.js'
import {layOut as layOutFrom, sessionFiles} from '../../../test/util/tool-home.js'
import type {SessionFolder} from '@chatmark/core'
import {createNormalizer, inputFromFolder, inputFromPath} from '@chatmark/core'
import {opencode} from '@chatmark/format-opencode'

const tool = opencode().tool

/** Lays out a home; fixtures are named from `the repository`. */
const layOut = (home: string, layout: Layout): Promise<void> => layOutFrom(home, layout, '')
const allFolders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
/** Kilo Code's database folder: the data folder `kilo`, or the one `KILO_DB` names. */
const isKilo = (folder: SessionFolder): boolean => /[\\/]kilo$/.test(folder.path) || folder.setBy === 'KILO_DB'
/** OpenCode's folders. */
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  allFolders(home, env, platform).filter((folder) => !isKilo(folder))
/** Kilo Code's folders. */
const kiloFolders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  allFolders(home, env, platform).filter(isKilo)
const databases = ['opencode.db', 'opencode-*.db']
/** The storage folder of 1.1 in a data folder: one input as a folder. */
const storage = (data: string, join = (...parts: string[]) => parts.join('/'), setBy?: string): SessionFolder => ({
  path: join(data, 'storage'),
  patterns: ['session/*/ses_*.json'],
  input: 'folder',
  ...(setBy ? {setBy} : {})
})

async function conversationsIn(file: string): Promise<number> {
  const {conversations} = await createNormalizer({formats: [opencode()]}).normalize(await inputFromPath(file))
  return conversations.length
}

test('the opencode plugin names its tool OpenCode, and Kilo Code for the files of its fork', () => {
  assert.equal(tool?.name, 'OpenCode')
  assert.deepEqual(tool?.variants, {
    'kilo-db': {name: 'Kilo Code', slug: 'kilo-code'},
    'kilo-export': {name: 'Kilo Code', slug: 'kilo-code'}
  })
})

test('Kilo Code keeps kilo.db in ~/.local/share/kilo, XDG_DATA_HOME moves it, KILO_DB names another file', () => {
  const kilo = ['kilo.db', 'kilo-*.db']
  assert.deepEqual(kiloFolders('/home/ada'), [{path: '/home/ada/.local/share/kilo', patterns: kilo}])
  assert.deepEqual(kiloFolders('/Users/ada', {}, 'darwin'), [{path: '/Users/ada/.local/share/kilo', patterns: kilo}])
  assert.deepEqual(kiloFolders('C:\\Users\\Ada', {}, 'win32'), [
    {path: 'C:\\Users\\Ada\\.local\\share\\kilo', patterns: kilo}
  ])
  assert.deepEqual(kiloFolders('/home/ada', {XDG_DATA_HOME: '/data/ada'}), [
    {path: '/data/ada/kilo', patterns: kilo, setBy: 'XDG_DATA_HOME'}
  ])
  assert.deepEqual(kiloFolders('/home/ada', {KILO_DB: 'work/k.db'}), [
    {path: '/home/ada/.local/share/kilo/work', patterns: ['k.db'], setBy: 'KILO_DB'}
  ])
  assert.deepEqual(kiloFolders('/home/ada', {KILO_DB: '/srv/k [1].db'}), [
    {path: '/srv', patterns: ['k \\[1\\].db'], setBy: 'KILO_DB'}
  ])
  assert.deepEqual(kiloFolders('/home/ada', {KILO_DB: ':memory:'}), [])
  // OpenCode's own variable moves OpenCode's database only.
  assert.deepEqual(kiloFolders('/home/ada', {OPENCODE_DB: '/srv/work.db'}), kiloFolders('/home/ada'))
})

test('OpenCode keeps its database in ~/.local/share/opencode, on macOS and Windows too', () => {
  assert.deepEqual(folders('/home/ada'), [
    {path: '/home/ada/.local/share/opencode', patterns: databases},
    storage('/home/ada/.local/share/opencode')
  ])
  assert.deepEqual(folders('/Users/ada', {}, 'darwin'), [
    {path: '/Users/ada/.local/share/opencode', patterns: databases},
    storage('/Users/ada/.local/share/opencode')
  ])
  assert.deepEqual(folders('C:\\Users\\Ada', {}, 'win32'), [
    {path: 'C:\\Users\\Ada\\.local\\share\\opencode', patterns: databases},
    storage('C:\\Users\\Ada\\.local\\share\\opencode', (...parts) => parts.join('\\'))
  ])
})

test('XDG_DATA_HOME moves the data folder; a relative one is ignored, as the XDG spec says', () => {
  assert.deepEqual(folders('/home/ada', {XDG_DATA_HOME: '/data/ada'}), [
    {path: '/data/ada/opencode', patterns: databases, setBy: 'XDG_DATA_HOME'},
    storage('/data/ada/opencode', undefined, 'XDG_DATA_HOME')
  ])
  assert.deepEqual(folders('/home/ada', {XDG_DATA_HOME: 'share'}), folders('/home/ada'))
  assert.deepEqual(folders('/home/ada', {XDG_DATA_HOME: ''}), folders('/home/ada'))
})

test('OPENCODE_DB names the database: absolute, under the data folder when relative, or none in memory', () => {
  assert.deepEqual(folders('/home/ada', {OPENCODE_DB: '/srv/work.db'}), [
    {path: '/srv', patterns: ['work.db'], setBy: 'OPENCODE_DB'},
    storage('/home/ada/.local/share/opencode')
  ])
  assert.deepEqual(folders('/home/ada', {OPENCODE_DB: 'profiles/work.db', XDG_DATA_HOME: '/data/ada'}), [
    {path: '/data/ada/opencode/profiles', patterns: ['work.db'], setBy: 'OPENCODE_DB'},
    storage('/data/ada/opencode', undefined, 'XDG_DATA_HOME')
  ])
  assert.deepEqual(folders('C:\\Users\\Ada', {OPENCODE_DB: 'D:\\oc\\work.db'}, 'win32'), [
    {path: 'D:\\oc', patterns: ['work.db'], setBy: 'OPENCODE_DB'},
    storage('C:\\Users\\Ada\\.local\\share\\opencode', (...parts) => parts.join('\\'))
  ])
  // Nothing on disk but the storage folder of 1.1, if there is one.
  assert.deepEqual(folders('/home/ada', {OPENCODE_DB: ':memory:'}), [storage('/home/ada/.local/share/opencode')])
})

test('a database named with glob characters is matched as it is named, and only it', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-opencode-tool-'))
  try {
    await layOut(home, {
      'dbs/work (2) [new].db': {fixture: 'packages/format-opencode/fixtures/database/input.db'},
      'dbs/work (2) n.db': '',
      'dbs/work (2) [new].db-wal': ''
    })
    const found = folders(home, {OPENCODE_DB: join(home, 'dbs', 'work (2) [new].db')})
    assert.deepEqual(await sessionFiles(home, found), ['dbs/work (2) [new].db'])
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})

test('the patterns take the databases OpenCode wrote, and none of the files beside them', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-opencode-tool-'))
  try {
    const data = '.local/share/opencode'
    const storage = 'packages/format-opencode/fixtures/storage-folder/input/storage'
    await layOut(home, {
      // 1.18.33's database in WAL mode, with rows still in `-wal` (packages/format-opencode/test/fixtures/wal).
      [`${data}/opencode.db`]: {fixture: 'packages/format-opencode/test/fixtures/wal/opencode.db'},
      [`${data}/opencode.db-wal`]: {fixture: 'packages/format-opencode/test/fixtures/wal/opencode.db-wal'},
      [`${data}/opencode.db-shm`]: '',
      // A build of another channel keeps a database of its own beside it.
      [`${data}/opencode-dev.db`]: {fixture: 'packages/format-opencode/fixtures/database/input.db'},
      [`${data}/storage/migration`]: '2\n',
      [`${data}/storage/session_diff/ses_dcc195a06ffe8gjDoBhqxzWbTq.json`]: '[]\n',
      // 1.1.65's JSON files, left beside the database: one input as a folder, not files of their own.
      [`${data}/storage/session/global/ses_dd027e7d4ffeq0PkWVnvNxrpGO.json`]: {
        fixture: `${storage}/session/global/ses_dd027e7d4ffeq0PkWVnvNxrpGO.json`
      },
      [`${data}/storage/message/ses_dd027e7d4ffeq0PkWVnvNxrpGO/msg_22fd81830001XQx0PiXkiVA7Z3.json`]: {
        fixture: `${storage}/message/ses_dd027e7d4ffeq0PkWVnvNxrpGO/msg_22fd81830001XQx0PiXkiVA7Z3.json`
      },
      [`${data}/log/opencode.log`]: 'INFO service=db opening database\n',
      [`${data}/bin/rg`]: '',
      '.local/state/opencode/model.json': '{}\n',
      '.local/state/opencode/prompt-history.jsonl': '{"input":"Hi"}\n',
      '.config/opencode/opencode.json': '{"model":"mock/mock-model"}\n',
      // Kilo Code 7.7.7's database, in its own data folder.
      '.local/share/kilo/kilo.db': {fixture: 'packages/format-opencode/fixtures/kilo-database/input.db'},
      '.local/share/kilo/storage/session_diff/ses_db4211388ffeD8ahqzFAyRifzR.json': '[]\n'
    })

    const sessions = await sessionFiles(home, allFolders(home))
    assert.deepEqual(sessions, [
      '.local/share/kilo/kilo.db',
      `${data}/opencode-dev.db`,
      `${data}/opencode.db`,
      `${data}/storage`
    ])
    assert.equal(await conversationsIn(join(home, '.local/share/kilo/kilo.db')), 4)
    assert.equal(await conversationsIn(join(home, data, 'opencode.db')), 1)
    assert.equal(await conversationsIn(join(home, data, 'opencode-dev.db')), 4)
    // The storage folder is one input, read as a folder.
    const folder = await createNormalizer({formats: [opencode()]}).normalize(
      await inputFromFolder(join(home, data, 'storage'))
    )
    assert.equal(folder.conversations.length, 1)
    // New rows wait in the write-ahead log until a checkpoint: a change to it is a change to the database.
    assert.deepEqual(await tool?.companions?.(join(home, data, 'opencode.db')), [join(home, data, 'opencode.db-wal')])
    assert.deepEqual(await tool?.companions?.(join(home, data, 'opencode-dev.db')), [])
    assert.deepEqual(await tool?.companions?.(join(home, data, 'storage')), [])
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})
