import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {test} from 'vitest'
import {applyWal, loadSqlite, readSqliteSchema, sqlRow, sqlRows, startsWithSqliteMagic} from '@chatmark/sqlite'

// A database written by Python's sqlite3 in WAL mode: one row checkpointed into the file, two more committed
// only to the write-ahead log beside it, one spanning several pages (test/fixtures/README.md says how).
const database = new Uint8Array(await readFile(new URL('fixtures/notes.db', import.meta.url)))
const wal = new Uint8Array(await readFile(new URL('fixtures/notes.db-wal', import.meta.url)))

async function texts(bytes: Uint8Array): Promise<string[]> {
  const SQL = await loadSqlite()
  const opened = new SQL.Database(bytes)
  try {
    return Array.from(sqlRows(opened, 'notes.db', 'SELECT substr(text, 1, 30) AS text FROM notes ORDER BY id'), (row) =>
      String(row['text'])
    )
  } finally {
    opened.close()
  }
}

test('the committed rows of the write-ahead log are read with the database', async () => {
  assert.deepEqual(await texts(applyWal(database, undefined).bytes), ['in the database file'])
  const applied = applyWal(database, wal)
  assert.ok(applied.frames > 0)
  assert.equal(applied.uncommitted, false)
  assert.deepEqual(await texts(applied.bytes), [
    'in the database file',
    'only in the write-ahead log',
    'a long row over several pages '
  ])
})

test('a log cut inside its commit frame loses only that transaction, and says so', async () => {
  const applied = applyWal(database, wal.subarray(0, wal.byteLength - 100))
  assert.equal(applied.frames, 0)
  assert.equal(applied.uncommitted, true)
  assert.deepEqual(await texts(applied.bytes), ['in the database file'])
})

test('a frame whose checksum fails ends the log there, as SQLite reads it', async () => {
  const flipped = wal.slice()
  flipped[wal.byteLength - 1] = (flipped[wal.byteLength - 1] ?? 0) ^ 0xff
  const applied = applyWal(database, flipped)
  assert.equal(applied.frames, 0)
  assert.deepEqual(await texts(applied.bytes), ['in the database file'])
})

test('a file that is no write-ahead log is ignored, and the database opens in rollback mode', async () => {
  const applied = applyWal(database, new TextEncoder().encode('not a log at all, but long enough to have a header'))
  assert.equal(applied.frames, 0)
  assert.equal(applied.bytes[18], 1)
  assert.equal(applied.bytes[19], 1)
  assert.equal(database[18], 2, 'the bytes given are left as they were')
})

test('the schema is read from the head of the file, without SQLite', () => {
  assert.ok(startsWithSqliteMagic(database))
  assert.deepEqual(readSqliteSchema(database), {tables: ['notes'], complete: true})
  assert.equal(readSqliteSchema(new TextEncoder().encode('SQLite format 3')), undefined)
  // A head cut right after the 100-byte header has no first page to read.
  assert.equal(readSqliteSchema(database.slice(0, 100)), undefined)
})

test('a query SQLite cannot run names the database', async () => {
  const SQL = await loadSqlite()
  const opened = new SQL.Database(applyWal(database, wal).bytes)
  try {
    assert.throws(
      () => sqlRow(opened, 'store.db', 'SELECT * FROM missing'),
      /could not read store\.db as a SQLite database/
    )
    assert.equal(sqlRow(opened, 'store.db', 'SELECT count(*) AS n FROM notes')?.['n'], 3)
  } finally {
    opened.close()
  }
})
