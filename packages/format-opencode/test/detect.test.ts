import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {createSample, inputFromFolder, sampleFromBytes} from '@chatmark/core'
import * as api from '@chatmark/format-opencode'
import {opencode} from '@chatmark/format-opencode'
import {readSqliteSchema} from '@chatmark/sqlite'
import {database, databaseFixture, folder, readBytes, root, storageFixture} from './helpers.js'

const plugin = opencode()
const lateFixture = join(root, 'packages/format-opencode/fixtures/database-schema-late/input.db')
const legacyFixture = join(root, 'packages/format-opencode/fixtures/storage-0.x/input')
const exportFixture = join(root, 'packages/format-opencode/fixtures/export/input.json')
const sampleOf = (bytes: Uint8Array, name: string) =>
  sampleFromBytes(bytes.subarray(0, 64 * 1024), {name, complete: bytes.byteLength <= 64 * 1024})

test('the package exports only the factory', () => {
  assert.deepEqual(Object.keys(api).sort(), ['opencode'])
})

test('an OpenCode database is certain by the tables in its schema, whatever its name', async () => {
  const verdict = plugin.detect(sampleOf(await readFile(databaseFixture), 'backup.db'))
  assert.equal(verdict.confidence, 'certain')
  assert.equal(verdict.variant, 'opencode-db')
})

test('a database whose schema lies beyond the sample is certain by its names, possible by others', async () => {
  // Filler tables before OpenCode's push its schema out of the 64 KiB head.
  const filler = Array.from({length: 400}, (_, index) => `CREATE TABLE filler_${index} (a text, b text, c text);`)
  const bytes = await database([], filler.join(''))
  const head = Buffer.from(bytes.subarray(0, 64 * 1024)).toString('latin1')
  assert.ok(!head.includes('CREATE TABLE `part`'), 'the part table is beyond the head')
  for (const name of ['/home/ada/.local/share/opencode/opencode.db', 'opencode-stable.db', 'opencode-local.db']) {
    assert.equal(plugin.detect(sampleOf(bytes, name)).confidence, 'certain', name)
  }
  const renamed = plugin.detect(sampleOf(bytes, 'copy.sqlite'))
  assert.equal(renamed.confidence, 'possible')
  assert.equal(renamed.variant, 'opencode-db')
  assert.match(renamed.reason, /schema is not all in the sample/)
  assert.equal(plugin.detect(sampleOf(bytes, 'opencode-.db')).confidence, 'possible')
})

test('a real database with its schema past 64 KiB is possible by its head, then read', async () => {
  const bytes = await readFile(lateFixture)
  assert.ok(bytes.byteLength > 64 * 1024)
  assert.deepEqual(readSqliteSchema(bytes.subarray(0, 64 * 1024)), {tables: [], complete: false})
  const whole = readSqliteSchema(bytes)
  assert.equal(whole?.complete, true)
  assert.ok(['session', 'message', 'part'].every((table) => whole?.tables.includes(table)))
  assert.equal(plugin.detect(sampleOf(bytes, 'backup.sqlite')).confidence, 'possible')
  const {conversations, detection} = await readBytes(bytes, 'backup.sqlite')
  assert.equal(detection.format, 'opencode')
  assert.equal(conversations.length, 1)
})

test('the schema on page 1 is read as SQLite keeps it, not by searching the text', async () => {
  // The statements of OpenCode's tables as text in a row of another database do not make it OpenCode's.
  const {default: initSqlJs} = await import('sql.js')
  const db = new (await initSqlJs()).Database()
  db.run('CREATE TABLE notes (body text)')
  db.run('INSERT INTO notes VALUES (?)', ['CREATE TABLE `session` ( CREATE TABLE `message` ( CREATE TABLE `part` ('])
  const bytes = db.export()
  assert.deepEqual(readSqliteSchema(bytes), {tables: ['notes'], complete: true})
  const verdict = plugin.detect(sampleOf(bytes, 'notes.db'))
  assert.notEqual(verdict.confidence, 'none')
  // A schema of one page that names other tables only: none, naming them.
  const other = new (await initSqlJs()).Database()
  other.run('CREATE TABLE notes (id integer, body text); CREATE INDEX notes_id ON notes (id)')
  const none = plugin.detect(sampleOf(other.export(), 'notes.db'))
  assert.equal(none.confidence, 'none')
  assert.match(none.reason, /tables \(notes\) are not OpenCode's/)
  // An empty schema (a database whose tables are still in its -wal) stays possible.
  assert.equal(plugin.detect(sampleOf(new (await initSqlJs()).Database().export(), 'x.db')).confidence, 'possible')
  // Damaged headers fall back to the text: never a throw.
  const damaged = Buffer.from(await readFile(databaseFixture))
  damaged[100] = 0x42
  assert.equal(readSqliteSchema(damaged), undefined)
  assert.equal(plugin.detect(sampleOf(damaged, 'x.db')).confidence, 'certain')
  damaged[100] = 0x05
  assert.equal(readSqliteSchema(damaged)?.complete, false)
})

test("a SQLite file that is not OpenCode's fails when read, naming the file and its tables", async () => {
  const filler = Array.from({length: 400}, (_, index) => `CREATE TABLE filler_${index} (a text, b text, c text);`)
  const {default: initSqlJs} = await import('sql.js')
  const db = new (await initSqlJs()).Database()
  db.run(filler.join(''))
  const bytes = db.export()
  assert.equal(plugin.detect(sampleOf(bytes, 'state.sqlite')).confidence, 'possible')
  const {conversations, file} = await readBytes(bytes, 'state.sqlite')
  assert.equal(conversations.length, 0)
  assert.match(
    String(file.messages[0]),
    /found no session, message, part table in state\.sqlite \(its tables: filler_0, filler_1, /
  )
})

test('a database cut inside its schema is possible', async () => {
  const bytes = await readFile(databaseFixture)
  const at = Buffer.from(bytes).indexOf('CREATE TABLE `message`') + 30
  const verdict = plugin.detect(sampleFromBytes(bytes.subarray(0, at), {name: 'cut', complete: false}))
  assert.equal(verdict.confidence, 'possible')
})

test('the storage folder is certain; session files alone likely; message files alone possible', async () => {
  const storage = await createSample(await inputFromFolder(storageFixture), 64 * 1024)
  assert.equal(plugin.detect(storage).confidence, 'certain')
  const sessions = await createSample(
    await inputFromFolder(await folder({'session/global/ses_1.json': {id: 'ses_1'}})),
    64 * 1024
  )
  assert.equal(plugin.detect(sessions).confidence, 'likely')
  const messages = await createSample(
    await inputFromFolder(await folder({'storage/message/ses_1/msg_1.json': {id: 'msg_1'}})),
    64 * 1024
  )
  assert.equal(plugin.detect(messages).confidence, 'possible')
  const other = await createSample(await inputFromFolder(await folder({'notes/a.json': {}})), 64 * 1024)
  assert.equal(plugin.detect(other).confidence, 'none')
})

test('the 0.x layout (project/<id>/storage/session/info, message, part) is certain', async () => {
  const verdict = plugin.detect(await createSample(await inputFromFolder(legacyFixture), 64 * 1024))
  assert.equal(verdict.confidence, 'certain')
  assert.match(verdict.reason, /1 session\/info\/ses_\*\.json and 4 session\/message.*before 1\.0, 9 part file/)
  const info = await createSample(
    await inputFromFolder(await folder({'project/global/storage/session/info/ses_1.json': {id: 'ses_1'}})),
    64 * 1024
  )
  assert.equal(plugin.detect(info).confidence, 'likely')
})

test('an opencode export is certain by info.id "ses_..." and messages of {info, parts}', async () => {
  const bytes = await readFile(exportFixture)
  const sample = (json: unknown) => sampleOf(Buffer.from(JSON.stringify(json)), 'x.json')
  const verdict = plugin.detect(sampleOf(bytes, 'session.json'))
  assert.equal(verdict.confidence, 'certain')
  assert.equal(verdict.variant, 'opencode-export')
  // A head of a large export (a partial parse) is enough.
  const head = sampleFromBytes(bytes.subarray(0, 4000), {name: 'big.json', complete: false})
  assert.equal(plugin.detect(head).confidence, 'certain')
  assert.equal(plugin.detect(sample({info: {id: 'ses_1'}, messages: []})).confidence, 'likely')
  assert.equal(
    plugin.detect(sample({info: {id: 'ses_1'}, messages: [{info: {id: 'msg_1'}, parts: []}]})).confidence,
    'certain'
  )
  for (const other of [
    {info: {id: 'conv_1'}, messages: [{info: {}, parts: []}]},
    {info: {id: 'ses_1'}, messages: [{role: 'user', content: 'hi'}]},
    {info: {id: 'ses_1'}},
    [{info: {id: 'ses_1'}, messages: []}]
  ]) {
    assert.equal(plugin.detect(sample(other)).confidence, 'none', JSON.stringify(other))
  }
})
