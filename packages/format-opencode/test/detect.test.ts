import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {test} from 'vitest'
import {createSample, inputFromFolder, sampleFromBytes} from '@chatmark/core'
import * as api from '@chatmark/format-opencode'
import {opencode} from '@chatmark/format-opencode'
import {database, databaseFixture, folder, storageFixture} from './helpers.js'

const plugin = opencode()
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

test('a large database whose schema lies beyond the sample is certain by its name opencode.db', async () => {
  // Filler tables before OpenCode's push its schema out of the 64 KiB head.
  const filler = Array.from({length: 400}, (_, index) => `CREATE TABLE filler_${index} (a text, b text, c text);`)
  const bytes = await database([], filler.join(''))
  const head = Buffer.from(bytes.subarray(0, 64 * 1024)).toString('latin1')
  assert.ok(!head.includes('CREATE TABLE `part`'), 'the part table is beyond the head')
  assert.equal(plugin.detect(sampleOf(bytes, '/home/ada/.local/share/opencode/opencode.db')).confidence, 'certain')
  const renamed = plugin.detect(sampleOf(bytes, 'copy.sqlite'))
  assert.equal(renamed.confidence, 'none')
  assert.match(renamed.reason, /--format opencode/)
})

test('another SQLite database, or no SQLite at all, is none', async () => {
  const other = await database([]).then(async () => {
    const {default: initSqlJs} = await import('sql.js')
    const SQL = await initSqlJs()
    const db = new SQL.Database()
    db.run('CREATE TABLE notes (id integer, body text)')
    return db.export()
  })
  assert.equal(plugin.detect(sampleOf(other, 'notes.db')).confidence, 'none')
  assert.equal(plugin.detect(sampleOf(Buffer.from('SQLite format 3'), 'opencode.db')).confidence, 'none')
  assert.equal(plugin.detect(sampleOf(Buffer.from('{"id": "ses_1"}'), 'x.json')).confidence, 'none')
  assert.equal(plugin.detect(sampleOf(new Uint8Array(0), 'opencode.db')).confidence, 'none')
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
