import assert from 'node:assert/strict'
import * as fs from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, test, vi} from 'vitest'
import {VaultFiles} from '../src/vault-files.js'

// A file system without hard links (FAT, exFAT, some network shares) answers `link` with EPERM or ENOTSUP;
// a second disk mounted inside the vault answers a link from `.chatmark/staging` with EXDEV.
// `linkFails` sets what the links from paths that include `from` answer.
const linkFails = vi.hoisted(() => ({code: undefined as string | undefined, from: ''}))
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>()
  const link: typeof real.link = async (from, to) => {
    if (linkFails.code === undefined || !String(from).includes(linkFails.from)) return real.link(from, to)
    throw Object.assign(new Error(`${linkFails.code}: link '${String(from)}'`), {code: linkFails.code})
  }
  return {...real, link}
})

afterEach(() => {
  linkFails.code = undefined
  linkFails.from = ''
})

async function vaultFiles(): Promise<{files: VaultFiles; vault: string}> {
  const vault = await fs.realpath(await fs.mkdtemp(join(tmpdir(), 'chatmark-files-')))
  return {files: new VaultFiles(vault, vault, '0badc0de', false), vault}
}

async function staged(vault: string, text: string): Promise<string> {
  await fs.mkdir(join(vault, '.chatmark/staging'), {recursive: true})
  const path = join(vault, '.chatmark/staging', `${text.length}-${Math.random()}.md`)
  await fs.writeFile(path, text)
  return path
}

describe.each(['EPERM', 'ENOTSUP'])('where `link` fails with %s', (code) => {
  test('a staged note is put where nothing is, and never over something there', async () => {
    const {files, vault} = await vaultFiles()
    linkFails.code = code
    const first = await staged(vault, 'first\n')
    assert.equal(await files.placeStaged(first, 'codex/a.md'), true)
    assert.equal(await fs.readFile(join(vault, 'codex/a.md'), 'utf8'), 'first\n')
    const second = await staged(vault, 'second\n')
    assert.equal(await files.placeStaged(second, 'codex/a.md'), false)
    assert.equal(await fs.readFile(join(vault, 'codex/a.md'), 'utf8'), 'first\n')
  })

  test('a note moves to a free path, and not onto another note', async () => {
    const {files, vault} = await vaultFiles()
    await fs.mkdir(join(vault, 'codex'))
    await fs.writeFile(join(vault, 'codex/old.md'), 'note\n')
    await fs.writeFile(join(vault, 'codex/taken.md'), 'someone else’s\n')
    linkFails.code = code
    assert.equal(await files.move('codex/old.md', 'codex/taken.md'), false)
    assert.equal(await files.move('codex/old.md', 'codex/new.md'), true)
    assert.deepEqual((await fs.readdir(join(vault, 'codex'))).sort(), ['new.md', 'taken.md'])
    assert.equal(await fs.readFile(join(vault, 'codex/taken.md'), 'utf8'), 'someone else’s\n')
  })
})

test('a staged note is copied onto a second disk mounted in the vault, never over a note there', async () => {
  const {files, vault} = await vaultFiles()
  linkFails.code = 'EXDEV'
  linkFails.from = '/.chatmark/staging/'
  assert.equal(await files.placeStaged(await staged(vault, 'first\n'), 'codex/a.md'), true)
  assert.equal(await files.placeStaged(await staged(vault, 'second\n'), 'codex/a.md'), false)
  assert.equal(await fs.readFile(join(vault, 'codex/a.md'), 'utf8'), 'first\n')
})

test('a staged note replaces a note across disks by a copy, only while the note is as expected', async () => {
  const {files, vault} = await vaultFiles()
  await fs.mkdir(join(vault, 'codex'))
  await fs.writeFile(join(vault, 'codex/a.md'), 'old\n')
  const rename = vi.spyOn(fs, 'rename')
  const next = await staged(vault, 'new\n')
  assert.equal(await files.replaceWithStaged(next, 'codex/a.md', 'edited by hand\n'), false)
  assert.equal(await fs.readFile(join(vault, 'codex/a.md'), 'utf8'), 'old\n')
  rename.mockRejectedValueOnce(Object.assign(new Error('EXDEV: rename'), {code: 'EXDEV'}))
  assert.equal(await files.replaceWithStaged(next, 'codex/a.md', 'old\n'), true)
  assert.equal(await fs.readFile(join(vault, 'codex/a.md'), 'utf8'), 'new\n')
  rename.mockRestore()
})

test('any other failure of `link` is the run’s error, not a quiet fallback', async () => {
  const {files, vault} = await vaultFiles()
  linkFails.code = 'EACCES'
  await assert.rejects(files.placeStaged(await staged(vault, 'x\n'), 'codex/a.md'), {code: 'EACCES'})
  await assert.rejects(files.move('codex/a.md', 'codex/b.md'), {code: 'EACCES'})
})

test('a note is never written through a link or a file on its way, nor outside the vault', async () => {
  const {files, vault} = await vaultFiles()
  const elsewhere = await fs.mkdtemp(join(tmpdir(), 'chatmark-elsewhere-'))
  await fs.symlink(elsewhere, join(vault, 'codex'))
  await fs.writeFile(join(vault, 'gemini'), 'a file, not a folder\n')
  await assert.rejects(files.create('codex/a.md', 'x\n'), /^Error: codex leads out of the vault \(a link\)$/)
  await assert.rejects(
    files.create('gemini/2026/a.md', 'x\n'),
    /^Error: gemini leads out of the vault \(not a folder\)$/
  )
  await assert.rejects(files.create('../a.md', 'x\n'), /is not a path inside the vault/)
  assert.deepEqual(await fs.readdir(elsewhere), [])
})

test('a dry run writes, moves and removes nothing, and says each would succeed', async () => {
  const vault = await fs.realpath(await fs.mkdtemp(join(tmpdir(), 'chatmark-files-')))
  const files = new VaultFiles(vault, vault, '0badc0de', true)
  await fs.writeFile(join(vault, 'a.md'), 'a\n')
  assert.equal(await files.create('b.md', 'b\n'), true)
  assert.equal(await files.replace('a.md', 'new\n', 'a\n'), true)
  assert.equal(await files.move('a.md', 'c.md'), true)
  await files.removeIfUnchanged('a.md', () => true)
  assert.deepEqual(await fs.readdir(vault), ['a.md'])
})

test('a name taken in another case, and a folder that is another vault, are seen by the vault’s files', async () => {
  const vault = await fs.mkdtemp(join(tmpdir(), 'chatmark-vault-files-'))
  await fs.mkdir(join(vault, 'notes'))
  await fs.writeFile(join(vault, 'notes', 'Hello.md'), 'mine\n')
  const files = new VaultFiles(vault, vault, 'abcd1234', false)
  assert.equal(await files.takenFolded('notes/hello.md'), true)
  assert.equal(await files.takenFolded('notes/HELLO.MD'), true)
  assert.equal(await files.takenFolded('notes/hallo.md'), false)
  assert.equal(await files.create('notes/hallo.md', 'new\n'), true)
  assert.equal(await files.takenFolded('notes/Hallo.md'), true, 'a name the run wrote is known too')
  await fs.mkdir(join(vault, 'inner', '.chatmark'), {recursive: true})
  await assert.rejects(
    files.create('inner/x.md', 'x\n'),
    /inner is another vault \(it has \.chatmark\/\): no note goes in it/
  )
})
