import assert from 'node:assert/strict'
import {spawn} from 'node:child_process'
import {appendFile, cp, mkdir, mkdtemp, readdir, readFile, stat, symlink} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {beforeEach, test} from 'vitest'
import {repoRoot} from '../../packages/cli/test/run-cli.js'
import {runSync, runSyncHere} from '../util/run-sync.js'

// One sync at a time writes to a vault (issue 25: "the sync lock"; the lock itself: packages/vault/test/
// vault-lock.test.ts): two syncs started together, in one process or in two, and a sync while another process
// holds the vault (through any path to it). The second is refused with a message naming the holder, and changes
// nothing; never do both write, and every conversation keeps exactly one note.

const packages = fileURLToPath(new URL('../../packages/', import.meta.url))

let home: string
let vault: string

const claudeSession = (): string => join(home, '.claude/projects/-work-demo/session.jsonl')

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'chatmark-lock-home-'))
  vault = join(home, 'vault')
  await mkdir(join(home, '.claude/projects/-work-demo'), {recursive: true})
  await mkdir(join(home, '.gemini/tmp/abc/chats'), {recursive: true})
  await mkdir(join(home, '.codex/sessions/2026/11/30'), {recursive: true})
  await cp(join(packages, 'format-claude/fixtures/claude-code/real-resume-api-error/input.jsonl'), claudeSession())
  await cp(
    join(packages, 'format-gemini/fixtures/jsonl-shell-tool/input.jsonl'),
    join(home, '.gemini/tmp/abc/chats/session-1.jsonl')
  )
  await cp(
    join(packages, 'format-codex/fixtures/fork/input.jsonl'),
    join(home, '.codex/sessions/2026/11/30/rollout-fork.jsonl')
  )
})

/** The vault's files, chatmark's own included, with their bytes and times: what a refused sync must not change. */
async function snapshot(): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(vault, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    const info = await stat(path)
    found.push(`${relative(vault, path)} ${info.mtimeMs} ${await readFile(path, 'utf8')}`)
  }
  return found.sort()
}

/** The notes of conversations (not the index notes), relative to the vault. */
async function conversationNotes(): Promise<string[]> {
  const names = await readdir(vault, {recursive: true})
  return names.filter((path) => /\/\d{4}-\d{2}\/.*\.md$/.test(path)).sort()
}

/** A child process that takes the vault's lock as a sync does, says so, and holds it until it is killed. */
async function holder(stateDir: string): Promise<{pid: number; kill(): Promise<void>}> {
  const module = new URL('../../packages/vault/src/vault-lock.ts', import.meta.url).href
  const script = `import('tsx/esm/api').then(({register}) => { register(); return import(${JSON.stringify(module)}) })
    .then(({lockVault}) => lockVault(${JSON.stringify(stateDir)}, 'vault'))
    .then(() => { console.log('locked'); setInterval(() => {}, 1000) })`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit']
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('locked') && resolve())
    child.on('exit', (code) => reject(new Error(`the holder ended first (${code})`)))
  })
  return {
    pid: child.pid ?? -1,
    async kill() {
      const ended = new Promise((resolve) => child.on('exit', resolve))
      child.kill('SIGKILL')
      await ended
    }
  }
}

const refusal = (pid: string, shown: string): RegExp =>
  new RegExp(
    `^chatmark sync: another chatmark sync \\(process ${pid}, started [^)]+\\) is writing to ${shown}: ` +
      'wait for it to end\\n$'
  )

test('of two syncs at once, one holds the vault, the other stops with a clear message and writes nothing', {
  timeout: 180_000
}, async () => {
  const runs = await Promise.all([runSyncHere(['vault'], {home}), runSyncHere(['vault'], {home})])
  const refused = runs.find((run) => run.code === 2)
  const done = runs.find((run) => run.code === 0)
  assert.ok(refused && done, runs.map((run) => `${run.code}: ${run.stderr}`).join('\n'))
  assert.match(refused.stderr, refusal('\\d+', 'vault'))
  assert.match(done.stderr, /^3 new, /)
  assert.equal((await conversationNotes()).length, 3)
})

test('a sync while another process holds the vault, by any path to it, is refused, names it and changes nothing', {
  timeout: 180_000
}, async () => {
  assert.equal((await runSync(['vault'], {home})).code, 0)
  await appendFile(claudeSession(), '\n')
  await symlink(vault, join(home, 'same-vault'))
  const held = await holder(join(vault, '.chatmark'))
  try {
    const before = await snapshot()
    for (const argv of [['vault'], ['same-vault'], ['vault', '--dry-run']]) {
      const run = await runSync(argv, {home})
      assert.equal(run.code, 2, run.stderr)
      assert.match(run.stderr, refusal(String(held.pid), argv[0] ?? ''))
      assert.equal(run.stdout, '')
    }
    assert.deepEqual(await snapshot(), before)
  } finally {
    await held.kill()
  }
  // The system took the lock back from the killed process: the next sync runs.
  const after = await runSync(['vault'], {home})
  assert.equal(after.code, 0, after.stderr)
  assert.equal((await conversationNotes()).length, 3)
})

test('two installed syncs started together, round after round, never both write: one note per conversation', {
  timeout: 180_000
}, async () => {
  for (let round = 0; round < 3; round++) {
    if (round > 0) await appendFile(claudeSession(), '\n')
    const runs = await Promise.all([runSync(['vault'], {home}), runSync(['vault'], {home})])
    // The second waits for nothing: it is refused while the first holds the vault, or runs after it ended.
    for (const run of runs) {
      assert.ok(run.code === 0 || run.code === 2, `${run.code}: ${run.stderr}`)
      if (run.code === 2) assert.match(run.stderr, refusal('\\d+', 'vault'))
    }
    assert.ok(
      runs.some((run) => run.code === 0),
      runs.map((run) => run.stderr).join('\n')
    )
    const notes = await conversationNotes()
    assert.equal(notes.length, 3, `round ${round}: ${notes.join(', ')}`)
  }
  const last = await runSync(['vault'], {home})
  assert.match(last.stderr, /^0 new, 0 updated, 3 unchanged, /)
})
