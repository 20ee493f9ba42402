import assert from 'node:assert/strict'
import {mkdtemp, readFile, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {checkStateFolder, isVault} from '../src/state-folder.js'
import {VaultWriteError, vaultWriteError} from '../src/vault-write-error.js'

test('a vault’s own folder is made and checked: a file or a link where one of its own goes is refused', async () => {
  const vault = await mkdtemp(join(tmpdir(), 'chatmark-state-folder-'))
  const stateDir = join(vault, '.chatmark')
  assert.equal(await isVault(vault), false)
  await checkStateFolder(stateDir)
  assert.equal(await isVault(vault), true)
  const outside = join(vault, '..', `${vault.split('/').at(-1)}-bashrc`)
  await writeFile(outside, 'mine\n')
  // A planted journal link would have the file it points to emptied by the next run.
  await symlink(outside, join(stateDir, 'journal.jsonl'))
  await assert.rejects(checkStateFolder(stateDir), (error: unknown) => {
    assert.ok(error instanceof VaultWriteError)
    assert.equal(error.path, join(stateDir, 'journal.jsonl'))
    assert.equal(error.problem, 'it is a link, which could lead chatmark’s writes out of the vault')
    assert.equal(error.shownPath(vault, 'notes'), join('notes', '.chatmark', 'journal.jsonl'))
    return true
  })
  assert.equal(await readFile(outside, 'utf8'), 'mine\n')
})

test('errors of the file system are the vault’s in words; any other error is not', () => {
  const full = vaultWriteError(Object.assign(new Error('no space'), {code: 'ENOSPC', path: '/v/a.md'}), '/v')
  assert.deepEqual([full?.path, full?.problem, full?.code], ['/v/a.md', 'the disk is full', 'ENOSPC'])
  assert.equal(vaultWriteError(new TypeError('a bug'), '/v'), undefined)
  const same = new VaultWriteError('/v', 'it is a file, not a folder of notes')
  assert.equal(vaultWriteError(same, '/w'), same)
  assert.equal(same.shownPath('/w', 'w'), '/v')
})
