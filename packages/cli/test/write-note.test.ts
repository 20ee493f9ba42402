import assert from 'node:assert/strict'
import {closeSync} from 'node:fs'
import {mkdtemp, readdir, readFile, utimes, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {createTemporaryFile, openTemporaryFile, removeStaleTemporaries, staleTemporaryMs} from '@chatmark/core'
import {TakenNames} from '../src/output/taken-names.js'
import {writeNote} from '../src/output/write-note.js'
import {writtenNotes, writtenNotesFile} from '../src/output/written-notes.js'

const folderAt = async (dir: string) => ({dir, cwd: dir, written: await writtenNotes(dir)})

test('temporary files have unpredictable names and are created exclusively', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-temporary-'))
  const files = await Promise.all(Array.from({length: 20}, () => createTemporaryFile(dir)))
  const names = new Set(files.map((file) => file.path))
  assert.equal(names.size, 20)
  for (const file of files) {
    assert.match(file.path, /\/\.chatmark-[0-9a-f]{32}\.tmp$/)
    await file.handle.close()
  }
})

test('a temporary file opened at once has a new name, marked with its run', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-temporary-'))
  const made = Array.from({length: 20}, () => openTemporaryFile(dir, '0a1b2c3d'))
  assert.equal(new Set(made.map((file) => file.path)).size, 20)
  for (const file of made) {
    assert.match(file.path, /\/\.chatmark-0a1b2c3d[0-9a-f]{24}\.tmp$/)
    closeSync(file.fd)
  }
  // A run mark that is not 8 hex digits is not put in a name.
  const unmarked = openTemporaryFile(dir, '../x')
  closeSync(unmarked.fd)
  assert.match(unmarked.path, /\/\.chatmark-[0-9a-f]{32}\.tmp$/)
  // A folder that is not there: the error, not another name.
  assert.throws(() => openTemporaryFile(join(dir, 'no such folder')), /ENOENT/)
})

test('a note whose rendering fails leaves no temporary file, and the name stays free', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-failing-'))
  function* failing(): Generator<string> {
    yield '---\nid: a\n---\n'
    throw new Error('render failed')
  }
  await assert.rejects(writeNote(await folderAt(dir), 'a.md', 'a', failing(), new TakenNames()), /render failed/)
  assert.deepEqual(await readdir(dir), [])
})

test('the ledger keeps the hash of each note as written; a note it does not know is kept', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-ledger-'))
  const noteId = async (head: string) => /^id: (\S+)/m.exec(head)?.[1]
  const write = async (text: string) => writeNote(await folderAt(dir), 'a.md', 'a', [text], new TakenNames(), noteId)
  assert.deepEqual(await write('id: a\none\n'), {path: join(dir, 'a.md')})
  assert.deepEqual(await write('id: a\ntwo\n'), {path: join(dir, 'a.md')})
  assert.equal(await readFile(join(dir, 'a.md'), 'utf8'), 'id: a\ntwo\n')
  // A ledger that lost its lines (deleted, or garbled): the note is not known to be chatmark's, so it is kept.
  await writeFile(join(dir, writtenNotesFile), 'not json\n{"name":"a.md","sha256":"short"}\n')
  assert.deepEqual(await write('id: a\nthree\n'), {path: join(dir, 'a-2.md'), kept: join(dir, 'a.md')})
  assert.equal(await readFile(join(dir, 'a.md'), 'utf8'), 'id: a\ntwo\n')
})

test('only old temporary files of chatmark are removed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-stale-'))
  const old = new Date(Date.now() - 2 * staleTemporaryMs)
  const names = [`.chatmark-${'0'.repeat(32)}.tmp`, `.chatmark-${'1'.repeat(32)}.tmp`, '.chatmark-x.tmp', 'a.md']
  for (const name of names) await writeFile(join(dir, name), '')
  for (const name of [names[0], names[2], names[3]]) await utimes(join(dir, name ?? ''), old, old)
  await removeStaleTemporaries(dir)
  assert.deepEqual((await readdir(dir)).sort(), names.slice(1).sort())
})

test('notes of one name are numbered in one pass: each starts after the names the ones before it took', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-same-name-'))
  const folder = await folderAt(dir)
  const noteId = async (head: string) => /^id: (\S+)/m.exec(head)?.[1]
  // Counts the names looked up: from 1 each time, 400 notes of one title looked up 80,000.
  class Counting extends TakenNames {
    lookups = 0
    override has(path: string): boolean {
      this.lookups++
      return super.has(path)
    }
  }
  const taken = new Counting()
  const notes = 400
  for (let index = 0; index < notes; index++) {
    const {path} = await writeNote(folder, 'new-chat.md', `c${index}`, [`id: c${index}\n`], taken, noteId)
    assert.equal(path, join(dir, index === 0 ? 'new-chat.md' : `new-chat-${index + 1}.md`))
  }
  assert.ok(taken.lookups <= 2 * notes, `${taken.lookups} lookups`)
  // A second run over the same folder keeps every note where it is.
  const again = new Counting()
  for (let index = 0; index < notes; index += 50) {
    const {path} = await writeNote(folder, 'new-chat.md', `c${index}`, [`id: c${index}\n`], again, noteId)
    assert.equal(path, join(dir, index === 0 ? 'new-chat.md' : `new-chat-${index + 1}.md`))
  }
})
