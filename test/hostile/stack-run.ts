import assert from 'node:assert/strict'
import {spawnSync} from 'node:child_process'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll} from 'vitest'
import {installedPackage, userEnvironment} from '../util/installed.js'

// What the stack tests share (./stack.test.ts, and the heaviest in ../stress/stack.stress.test.ts).

/** Runs the installed command; a run that never finishes, or that says "Maximum call stack", fails. */
export function stackSafeChatmark(
  args: string[],
  {node = [], timeout = 30_000}: {node?: string[]; timeout?: number} = {}
): {status: number | null; stdout: string; stderr: string} {
  const result = spawnSync(process.execPath, [...node, installedPackage().bin, ...args], {
    encoding: 'utf8',
    env: userEnvironment(),
    timeout,
    maxBuffer: 1 << 28
  })
  assert.equal(result.error, undefined, `chatmark ${args.join(' ')} did not finish`)
  assert.doesNotMatch(result.stderr, /Maximum call stack/)
  return result
}

/** A folder of the test file's own, removed after it, set before its tests. */
export function stackScratch(): {folder: string} {
  const scratch = {folder: ''}
  beforeAll(async () => {
    scratch.folder = await mkdtemp(join(tmpdir(), 'chatmark-stack-'))
  })
  afterAll(async () => {
    await rm(scratch.folder, {recursive: true, force: true})
  })
  return scratch
}
