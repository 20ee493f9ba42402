import assert from 'node:assert/strict'
import {spawnSync} from 'node:child_process'
import {closeSync, openSync} from 'node:fs'
import {mkdir, mkdtemp, readdir, readFile, rm, stat} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, test} from 'vitest'
import type {LineHeavySession} from '../util/line-heavy-session.js'
import {writeLineHeavySession} from '../util/line-heavy-session.js'
import {newPersonEnvironment} from '../util/doc-run.js'
import {userEnvironment} from '../util/installed.js'
import {chatmarkBin} from '../util/measured-run.js'

// Issue 25, item 2: a Claude Code session of 200,000 short lines (104 MB) held every parsed record whole until it
// was threaded, in objects of their own (the envelope, usage details, the message), and threading added a list per
// entry: the command needed more than 200 MB of heap for it, twice the input, before the note's first line. It is
// converted and synced here on a heap of 170 MB, which the reader now fits with room to spare; run without the
// bound, its memory per input byte is measured by `BENCH_ONLY=lines` (bench/lines.ts).

const lines = 200_000
const heap = ['--max-old-space-size=170']

let folder: string
let session: string
let written: LineHeavySession

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'chatmark-lines-'))
  const project = join(folder, 'home/.claude/projects/-home-dev-app')
  await mkdir(project, {recursive: true})
  session = join(project, '7a1e2b3c-4d5e-4f60-8a71-92b3c4d5e6f7.jsonl')
  written = await writeLineHeavySession(session, lines)
}, 120_000)

afterAll(async () => {
  await rm(folder, {recursive: true, force: true})
})

/** The installed command on a bounded heap; its output goes to the file `out`, so that nothing is held here. */
function bounded(
  args: string[],
  out: string,
  env: NodeJS.ProcessEnv = userEnvironment()
): {status: number | null; stderr: string} {
  const fd = openSync(out, 'w')
  try {
    const result = spawnSync(process.execPath, [...heap, chatmarkBin(), ...args], {
      stdio: ['ignore', fd, 'pipe'],
      encoding: 'utf8',
      timeout: 600_000,
      env
    })
    assert.equal(result.error, undefined, `chatmark ${args.join(' ')} did not finish`)
    return {status: result.status, stderr: result.stderr}
  } finally {
    closeSync(fd)
  }
}

test('a session of 200,000 short lines becomes a Markdown note on a heap of 170 MB', async () => {
  // Lines of about 500 bytes: 100 MB.
  assert.ok((await stat(session)).size > lines * 500)
  const note = join(folder, 'note.md')
  const run = bounded([session], note)
  assert.equal(run.status, 0, run.stderr.slice(-2000))
  const text = await readFile(note, 'utf8')
  const head = text.slice(0, 1000)
  assert.match(head, /^---\ntitle: run the tests again and fix lint \(1\)\n/)
  assert.ok(head.includes(`\nturns: ${written.prompts * 2}\n`), head)
  assert.ok(text.includes(`\n${written.lastPrompt}\n`))
  assert.match(text.slice(-300), /\nAll tests pass and lint is clean\.\n\n_[\d,]+ tokens \(/)
}, 900_000)

test('and the model as JSON, on the same heap', async () => {
  const model = join(folder, 'model.json')
  const run = bounded(['--to', 'json', session], model)
  assert.equal(run.status, 0, run.stderr.slice(-2000))
  // On stdout, the model is in the line `--json` prints for the input.
  const line = JSON.parse(await readFile(model, 'utf8')) as {conversations: {id: string; turns: {role: string}[]}[]}
  assert.equal(line.conversations.length, 1)
  const value = line.conversations[0]!
  assert.equal(value.id, written.sessionId)
  assert.equal(value.turns.filter((turn) => turn.role === 'user').length, written.prompts)
  assert.equal(value.turns.length, written.prompts * 2)
}, 900_000)

test('and a sync of the home it is in, on the same heap (the reading worker shares the bound)', async () => {
  const vault = join(folder, 'vault')
  const home = join(folder, 'home')
  // A new person's environment: the sync reads the generated home and nothing else.
  const run = bounded(['sync', vault, '--quiet'], join(folder, 'sync.out'), newPersonEnvironment(home))
  assert.equal(run.status, 0, run.stderr.slice(-2000))
  assert.match(run.stderr, /^1 new, 0 updated, 0 unchanged, 0 renamed, 0 kept because edited, 0 failed$/m)
  const notes = (await readdir(vault, {recursive: true})).filter((name) => name.endsWith('.md'))
  const note = notes.find((name) => name.startsWith('claude-code/2026-11/'))
  assert.ok(note, notes.join('\n'))
  assert.ok((await readFile(join(vault, note), 'utf8')).includes(`\n${written.lastPrompt}\n`))
}, 900_000)
