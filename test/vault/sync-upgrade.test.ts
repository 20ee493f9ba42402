import assert from 'node:assert/strict'
import {createHash} from 'node:crypto'
import {appendFile, cp, mkdir, mkdtemp, readdir, readFile, rename, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import {runSyncHere as runSync} from '../util/run-sync.js'

// A vault synced by chatmark before its state's version 2 (issue 22): version 1 recorded the hash of the note as
// written, a merge included, and kept the base text under the hash of the conversation's id. Its merged notes must
// keep their edits when the session grows; its other notes' bases must survive a sync that does not touch them.

const packages = fileURLToPath(new URL('../../packages/', import.meta.url))
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

test('a version 1 vault is taken up: a merged note keeps its edits, an untouched note keeps its base', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-upgrade-'))
  const vault = join(home, 'vault')
  const projects = join(home, '.claude/projects/-work-demo')
  await mkdir(projects, {recursive: true})
  const grown = join(projects, 'grown.jsonl')
  await cp(join(packages, 'format-claude/fixtures/claude-code/real-resume-api-error/input.jsonl'), grown)
  await cp(
    join(packages, 'format-claude/fixtures/claude-code/real-tui-compact/input.jsonl'),
    join(projects, 'still.jsonl')
  )
  assert.equal((await runSync(['vault', '--quiet'], {home})).code, 0)

  // What version 1 left: a merged note, recorded by the hash of its merged text, its base under its id's hash.
  const statePath = join(vault, '.chatmark/state.json')
  const state = JSON.parse(await readFile(statePath, 'utf8')) as {
    version: number
    notes: Record<string, {path: string; sha256: string; base?: string}>
  }
  state.version = 1
  for (const [id, note] of Object.entries(state.notes)) {
    const base = note.base ?? note.sha256
    delete note.base
    if (id.startsWith('chatmark-index:')) continue
    await rename(join(vault, '.chatmark/base', `${base}.md.gz`), join(vault, '.chatmark/base', `${sha256(id)}.md.gz`))
  }
  const [mergedId, merged] = Object.entries(state.notes).find(([, note]) => note.path.includes('Briefly')) ?? []
  assert.ok(mergedId && merged)
  const edited = `${(await readFile(join(vault, merged.path), 'utf8')).replace(/^turns:/m, 'rating: 5\nturns:')}
## My notes

Ask about the cache.
`
  await writeFile(join(vault, merged.path), edited)
  merged.sha256 = sha256(edited)
  await writeFile(statePath, JSON.stringify(state))

  // The session grows: the note is merged again, not replaced by a plain rendering.
  const lines = (await readFile(grown, 'utf8')).trimEnd().split('\n')
  const last = JSON.parse([...lines].reverse().find((line) => line.includes('"uuid"')) ?? '{}') as {uuid: string}
  const prompt = {
    type: 'user',
    uuid: '00000000-0000-4000-8000-000000000001',
    parentUuid: last.uuid,
    isSidechain: false,
    sessionId: '332611b8-4087-47be-a219-9e760a6ae6e0',
    timestamp: '2026-11-30T12:00:00.000Z',
    message: {role: 'user', content: 'And the cache?'}
  }
  await appendFile(grown, `${JSON.stringify(prompt)}\n`)
  const run = await runSync(['vault', '--quiet'], {home})
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stderr, /^0 new, 1 updated, 1 unchanged, 0 renamed, 0 kept because edited, 0 failed\n$/)
  const now = await readFile(join(vault, merged.path), 'utf8')
  assert.match(now, /And the cache\?/)
  assert.match(now, /^rating: 5$/m)
  assert.match(now, /\n## My notes\n\nAsk about the cache\.\n$/)
  // The note not touched keeps its version 1 base, for the day it is merged.
  const notTouched = ([id]: [string, unknown]) => id !== mergedId && !id.startsWith('chatmark-')
  const [stillId] = Object.entries(state.notes).find(notTouched) ?? []
  assert.ok(stillId)
  assert.ok((await readdir(join(vault, '.chatmark/base'))).includes(`${sha256(stillId)}.md.gz`))
  const upgraded = JSON.parse(await readFile(statePath, 'utf8')) as {version: number}
  assert.equal(upgraded.version, 2)
})
