import assert from 'node:assert/strict'
import {spawn} from 'node:child_process'
import {mkdir, mkdtemp, readdir, symlink} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, test} from 'vitest'
import {lockVault, VaultLockedError} from '../src/vault-lock.js'

async function stateFolder(name = 'vault'): Promise<{vault: string; stateDir: string}> {
  const vault = join(await mkdtemp(join(tmpdir(), 'chatmark-lock-')), name)
  const stateDir = join(vault, '.chatmark')
  await mkdir(stateDir, {recursive: true})
  return {vault, stateDir}
}

/** A child process that takes the lock, says so, and waits to be killed. */
async function holder(stateDir: string, platform: NodeJS.Platform): Promise<{kill(): Promise<void>}> {
  const module = new URL('../src/vault-lock.ts', import.meta.url).href
  const script = `import('tsx/esm/api').then(({register}) => { register(); return import(${JSON.stringify(module)}) })
    .then(({lockVault}) => lockVault(${JSON.stringify(stateDir)}, 'v', ${JSON.stringify(platform)}))
    .then(() => { console.log('locked'); setInterval(() => {}, 1000) })`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {stdio: ['ignore', 'pipe', 'inherit']})
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('locked') && resolve())
    child.on('exit', (code) => reject(new Error(`the child ended first (${code})`)))
  })
  return {
    async kill() {
      const ended = new Promise((resolve) => child.on('exit', resolve))
      child.kill('SIGKILL')
      await ended
    }
  }
}

// Linux's abstract socket, and the socket file of macOS and the BSDs (which Linux has too).
describe.each(['linux', 'darwin'] as const)('the lock as on %s', (platform) => {
  test('one holder at a time, named to the next; released, the lock is taken again', async () => {
    const {vault, stateDir} = await stateFolder()
    const release = await lockVault(stateDir, vault, platform)
    // Another path to the same folder names the same lock (on Linux; a socket file is found by its folder anyway).
    const other = join(await mkdtemp(join(tmpdir(), 'chatmark-lock-link-')), 'vault')
    await symlink(vault, other)
    await assert.rejects(lockVault(join(other, '.chatmark'), other, platform), (error: Error) => {
      assert.ok(error instanceof VaultLockedError)
      assert.equal(error.holder?.pid, process.pid)
      assert.match(
        error.message,
        new RegExp(`^another chatmark sync \\(process ${process.pid}, started \\S+\\) is writing to ${other}: wait`)
      )
      return true
    })
    await release()
    const again = await lockVault(stateDir, vault, platform)
    await again()
  })

  test('a process that held the lock and was killed leaves no lock behind', async () => {
    const {vault, stateDir} = await stateFolder()
    const child = await holder(stateDir, platform)
    await assert.rejects(lockVault(stateDir, vault, platform), VaultLockedError)
    await child.kill()
    // On macOS the killed process leaves its socket file, which no longer answers: it is taken over.
    assert.deepEqual(await readdir(stateDir), platform === 'darwin' ? ['lock.sock'] : [])
    const release = await lockVault(stateDir, vault, platform)
    await release()
    assert.deepEqual(await readdir(stateDir), [])
  })
})

test('a vault too deep for a socket file’s path has its lock in the temporary folder', async () => {
  const {vault, stateDir} = await stateFolder('a-folder-name-long-enough-'.repeat(4))
  const release = await lockVault(stateDir, vault, 'darwin')
  assert.deepEqual(await readdir(stateDir), [])
  assert.ok((await readdir(tmpdir())).some((name) => /^chatmark-vault-[0-9a-f]{32}\.sock$/.test(name)))
  await assert.rejects(lockVault(stateDir, vault, 'darwin'), VaultLockedError)
  await release()
  const again = await lockVault(stateDir, vault, 'darwin')
  await again()
})
