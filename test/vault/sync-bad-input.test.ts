import assert from 'node:assert/strict'
import {appendFile, cp, mkdir, mkdtemp, readdir, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {beforeEach, test} from 'vitest'
import type {SyncOutput} from '../util/run-sync.js'
import {runSyncHere as runSync} from '../util/run-sync.js'

// Bad input to a sync (issue 22): a note with broken properties, a note the person emptied, a state file cut short
// or from a newer chatmark (a source that changes while it is read: ../hostile/appended-while-read.test.ts). Never a
// crash, never a lost edit; the message names the note or the file and what was done.

const packages = fileURLToPath(new URL('../../packages/', import.meta.url))

let home: string
let vault: string

function chatmark(...argv: string[]): Promise<SyncOutput> {
  return runSync(argv, {home})
}

const session = (): string => join(home, '.claude/projects/-work-demo/session.jsonl')
const note = 'claude-code/2026-11/2026-11-30 Hi. Briefly, what can you help me with in this project.md'

/** A new turn for the session, chained to its last record, so the note grows. */
async function grow(words: string): Promise<void> {
  const lines = (await readFile(session(), 'utf8')).trimEnd().split('\n')
  const last = [...lines].reverse().find((line) => line.includes('"uuid"')) ?? ''
  const parentUuid = (JSON.parse(last) as {uuid: string}).uuid
  const record = {
    type: 'user',
    uuid: `00000000-0000-4000-8000-${String(lines.length).padStart(12, '0')}`,
    parentUuid,
    isSidechain: false,
    sessionId: '332611b8-4087-47be-a219-9e760a6ae6e0',
    timestamp: '2026-11-30T12:00:00.000Z',
    message: {role: 'user', content: words}
  }
  await appendFile(session(), `${JSON.stringify(record)}\n`)
}

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'chatmark-bad-'))
  vault = join(home, 'vault')
  await mkdir(join(home, '.claude/projects/-work-demo'), {recursive: true})
  await cp(join(packages, 'format-claude/fixtures/claude-code/real-resume-api-error/input.jsonl'), session())
  const first = await chatmark('vault', '--quiet')
  assert.equal(first.code, 0, first.stderr)
})

test('a note whose properties no longer parse is kept as it is; the new version goes beside it, named', async () => {
  const broken = (await readFile(join(vault, note), 'utf8')).replace(/^title: /m, 'title: [unclosed ')
  await writeFile(join(vault, note), broken)
  await grow('Another question.')
  const run = await chatmark('vault')
  assert.equal(run.code, 0, run.stderr)
  assert.equal(await readFile(join(vault, note), 'utf8'), broken)
  const beside = note.replace(/\.md$/, ' (chatmark).md')
  assert.match(await readFile(join(vault, beside), 'utf8'), /Another question\./)
  assert.match(
    run.stdout,
    new RegExp(
      'kept: vault/claude-code/.* \\(your edits could not be merged \\(its properties \\(the frontmatter ' +
        'between the --- lines\\) no longer parse\\): the new version is claude-code/.* \\(chatmark\\)\\.md\\)'
    )
  )
  assert.match(run.stderr, /1 kept because edited/)
  // Mended, it is merged, and the version beside goes.
  await writeFile(join(vault, note), broken.replace('title: [unclosed ', 'title: '))
  const mended = await chatmark('vault')
  assert.match(mended.stderr, /0 kept because edited/)
  assert.match(await readFile(join(vault, note), 'utf8'), /Another question\./)
  assert.ok(!(await readdir(join(vault, 'claude-code/2026-11'))).some((name) => name.endsWith('(chatmark).md')))
})

test('a note the person emptied stays empty; the new version goes beside it', async () => {
  await writeFile(join(vault, note), '')
  await grow('Are you there?')
  const run = await chatmark('vault')
  assert.equal(await readFile(join(vault, note), 'utf8'), '')
  assert.match(run.stdout, /\(your edits could not be merged \(you emptied it\): the new version is /)
})

test('a state file cut short is set aside and the vault taken up by the notes’ ids, with no second note', async () => {
  const state = join(vault, '.chatmark/state.json')
  const text = await readFile(state, 'utf8')
  await writeFile(state, text.slice(0, text.length / 2))
  await grow('And now?')
  const run = await chatmark('vault')
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stderr, /the state file could not be trusted \(not valid JSON .*\): set aside as .*unreadable-/)
  const names = await readdir(join(vault, 'claude-code/2026-11'))
  assert.deepEqual(names, [note.split('/').at(-1)])
  // chatmark's own note, found by its id and known by its base text, is brought up to date.
  assert.match(await readFile(join(vault, note), 'utf8'), /And now\?/)
  assert.match(run.stderr, /0 new, 1 updated, /)
})

test('a state file of a newer chatmark is left as it is, and the sync refuses to run', async () => {
  const state = join(vault, '.chatmark/state.json')
  const newer = JSON.stringify({format: 'chatmark-vault-state', version: 9, sources: {}, notes: {}})
  await writeFile(state, newer)
  const before = await readFile(join(vault, note), 'utf8')
  await grow('Hello?')
  const run = await chatmark('vault')
  assert.equal(run.code, 2)
  assert.match(run.stderr, /state\.json was written by a newer chatmark \(state version 9; this one reads 2\): update/)
  assert.equal(await readFile(state, 'utf8'), newer)
  assert.equal(await readFile(join(vault, note), 'utf8'), before)
})
