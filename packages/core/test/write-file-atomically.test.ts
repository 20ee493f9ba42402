import assert from 'node:assert/strict'
import {lstat, mkdir, mkdtemp, readdir, readFile, readlink, stat, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createTemporaryFile, removeStaleTemporaries, syncFolder, writeFileAtomically} from '@chatmark/core'
import {test} from 'vitest'

const place = (): Promise<string> => mkdtemp(join(tmpdir(), 'chatmark-atomic-'))

test('a file is written whole under its name, replacing what was there, with the mode asked for', async () => {
  const dir = await place()
  const path = join(dir, 'note.md')
  await writeFileAtomically(path, 'first')
  await writeFileAtomically(path, Buffer.from('second'), {mode: 0o600, sync: 'file'})
  assert.equal(await readFile(path, 'utf8'), 'second')
  assert.equal((await stat(path)).mode & 0o777, 0o600)
  await writeFileAtomically(path, 'third', {sync: 'none'})
  assert.equal(await readFile(path, 'utf8'), 'third')
  // No temporary file is left.
  assert.deepEqual(await readdir(dir), ['note.md'])
})

test('a link at the path is replaced by the file; its target is never written through', async () => {
  const dir = await place()
  await writeFile(join(dir, 'target.txt'), 'KEEP')
  await symlink(join(dir, 'target.txt'), join(dir, 'note.md'))
  await writeFileAtomically(join(dir, 'note.md'), 'note')
  assert.equal(await readFile(join(dir, 'target.txt'), 'utf8'), 'KEEP')
  assert.ok((await lstat(join(dir, 'note.md'))).isFile())
})

test('a write that cannot take its name leaves nothing behind and says why', async () => {
  const dir = await place()
  // A folder at the path: the rename fails.
  await mkdir(join(dir, 'taken'))
  await writeFile(join(dir, 'taken', 'inside'), 'x')
  await assert.rejects(writeFileAtomically(join(dir, 'taken'), 'note'), /EISDIR|ENOTEMPTY|EEXIST|EPERM/)
  assert.deepEqual((await readdir(dir)).sort(), ['taken'])
  assert.equal(await readlink(join(dir, 'taken')).catch(() => 'not a link'), 'not a link')
  // A folder that does not exist: no temporary file can be made.
  await assert.rejects(writeFileAtomically(join(dir, 'missing', 'note.md'), 'note'), /ENOENT/)
})

test('syncing a folder that cannot be opened is let be', async () => {
  await syncFolder(join(await place(), 'no such folder'))
})

test('stale temporary files are looked for only where a folder can be listed', async () => {
  await removeStaleTemporaries(join(await place(), 'no such folder'))
  const dir = await place()
  const made = await createTemporaryFile(dir)
  await made.handle.close()
  assert.match(made.path, /\/\.chatmark-[0-9a-f]{32}\.tmp$/)
})
