import assert from 'node:assert/strict'
import {appendFile, mkdtemp, readFile, stat, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {TakenNames} from '../src/output/taken-names.js'
import {writeNote} from '../src/output/write-note.js'
import {writtenNotes, writtenNotesFile} from '../src/output/written-notes.js'
import {builtinWorkAsync} from '../../../test/util/builtin-work.js'

const hash = (n: number): string => n.toString(16).padStart(64, '0')
const line = (name: string, n: number): string => `${JSON.stringify({name, sha256: hash(n)})}\n`
/** `count` lines over `names` names (`note-0.md`...), each name's hashes rising, as repeated runs write them. */
const lines = (count: number, names: number): string =>
  Array.from({length: count}, (_, index) => line(`note-${index % names}.md`, index)).join('')
const ledgerOf = (): Promise<string> => mkdtemp(join(tmpdir(), 'chatmark-ledger-'))

test('a long ledger is read to its end: the last hash of a note counts however far down it is', async () => {
  const dir = await ledgerOf()
  const noteId = async (head: string) => /^id: (\S+)/m.exec(head)?.[1]
  const write = async (text: string) => {
    const folder = {dir, cwd: dir, written: await writtenNotes(dir)}
    const result = await writeNote(folder, 'a.md', 'a', [text], new TakenNames(), noteId)
    await folder.written.close()
    return result
  }
  // 19 MB of lines about other notes before a.md's (the ledger of an export rendered again a few times): a
  // ledger this long was read only to 16 MB, and a.md then counted as edited, kept, its new note beside it.
  await writeFile(join(dir, writtenNotesFile), lines(200_000, 100_000))
  assert.ok((await stat(join(dir, writtenNotesFile))).size > 18 * 1024 * 1024)
  assert.deepEqual(await write('id: a\none\n'), {path: join(dir, 'a.md')})
  assert.deepEqual(await write('id: a\ntwo\n'), {path: join(dir, 'a.md')})
  assert.equal(await readFile(join(dir, 'a.md'), 'utf8'), 'id: a\ntwo\n')
})

test('superseded lines are compacted away: one line a note, its last hash; unreadable lines dropped', async () => {
  const dir = await ledgerOf()
  const path = join(dir, writtenNotesFile)
  await writeFile(path, `not json\n${lines(30_000, 200)}{"name":"x.md","sha256":"short"}\n`)
  const before = await writtenNotes(dir)
  const expected = Array.from({length: 200}, (_, name) => before.hashOf(`note-${name}.md`))
  assert.equal(expected[0], hash(29_800))
  assert.equal(before.hashOf('x.md'), undefined)
  await before.close()
  const text = await readFile(path, 'utf8')
  assert.equal(text.split('\n').length - 1, 200)
  const after = await writtenNotes(dir)
  assert.deepEqual(
    Array.from({length: 200}, (_, name) => after.hashOf(`note-${name}.md`)),
    expected
  )
  // Recording after the rewrite appends to the new file, and a second close leaves it be.
  after.record('note-0.md', hash(1))
  await after.close()
  assert.equal((await writtenNotes(dir)).hashOf('note-0.md'), hash(1))
  assert.equal((await readFile(path, 'utf8')).split('\n').length - 1, 201)
})

test('a ledger another run appended to meanwhile is not rewritten, and a short one is left as it is', async () => {
  const dir = await ledgerOf()
  const path = join(dir, writtenNotesFile)
  await writeFile(path, lines(30_000, 200))
  const reading = await writtenNotes(dir)
  // Another run, between this run's read and its end: rewriting would drop its line.
  await appendFile(path, line('other.md', 7))
  reading.record('mine.md', hash(8))
  await reading.close()
  const text = await readFile(path, 'utf8')
  assert.equal(text.split('\n').length - 1, 30_002)
  assert.equal((await writtenNotes(dir)).hashOf('other.md'), hash(7))

  // Fewer superseded lines than notes (15,000 for 30,000), or than 10,000: not worth a rewrite.
  const short = lines(45_000, 30_000)
  await writeFile(path, short)
  await (await writtenNotes(dir)).close()
  assert.equal(await readFile(path, 'utf8'), short)
  const shorter = lines(9_000, 1_000)
  await writeFile(path, shorter)
  await (await writtenNotes(dir)).close()
  assert.equal(await readFile(path, 'utf8'), shorter)
})

test('a line too long for a note (planted: no line break in megabytes) is skipped, the rest read', async () => {
  const dir = await ledgerOf()
  const path = join(dir, writtenNotesFile)
  const garbage = `{"name":"${'x'.repeat(64 * 1024 * 1024)}`
  await writeFile(path, `${line('a.md', 1)}${garbage}\n${line('b.md', 2)}${garbage}`)
  const size = (await stat(path)).size
  const {result: written, work} = await builtinWorkAsync(() => writtenNotes(dir))
  // Work, not time, which a loaded machine stretches. The file is read in pieces of 1 MB, each split at its line
  // breaks once: about one step of the built-ins a byte. Gathering the long line whole split all of it again at
  // every piece, 32 times the file here (7 s), and minutes for a file of the size read at most.
  assert.ok(work < 2 * size, `${work} steps of the built-ins for ${size} bytes`)
  assert.equal(written.hashOf('a.md'), hash(1))
  assert.equal(written.hashOf('b.md'), hash(2))
  await written.close()
})
