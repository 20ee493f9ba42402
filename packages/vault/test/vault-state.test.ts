import assert from 'node:assert/strict'
import {mkdtemp, readdir, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {emptyState, loadState, NewerStateError, safeRelativePath, saveState, stateText} from '../src/vault-state.js'

const now = new Date('2026-12-01T10:00:00Z')

test('a state written is read back; none is a fresh state', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-state-'))
  assert.deepEqual(await loadState(dir, now), {state: emptyState(), fresh: true})
  const state = emptyState()
  state.sources['/home/a.jsonl'] = {size: 1, mtimeMs: 2, sha256: 'x', conversations: ['c-1']}
  state.notes['c-1'] = {
    path: 'a/b.md',
    sha256: 'y',
    base: 'z',
    title: 'T',
    tool: 'codex',
    turns: 2,
    source: '/home/a.jsonl'
  }
  await saveState(dir, state)
  const loaded = await loadState(dir, now)
  assert.deepEqual(loaded, {state, text: stateText(state), fresh: false})
})

test('a state of version 1 is taken up (bases found by note ids); one of a newer version is refused', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-state-'))
  const note = {path: 'a/b.md', sha256: 'y', title: 'T', tool: 'codex', turns: 2, source: '/home/a.jsonl'}
  await writeFile(
    join(dir, 'state.json'),
    JSON.stringify({format: 'chatmark-vault-state', version: 1, sources: {}, notes: {'c-1': note}})
  )
  const loaded = await loadState(dir, now)
  assert.equal(loaded.legacy, true)
  assert.deepEqual(loaded.state.notes['c-1'], {...note, base: ''})
  assert.equal(loaded.state.version, 2)
  await writeFile(join(dir, 'state.json'), JSON.stringify({format: 'chatmark-vault-state', version: 3}))
  await assert.rejects(loadState(dir, now), (error: Error) => {
    assert.ok(error instanceof NewerStateError)
    assert.match(error.message, /written by a newer chatmark \(state version 3; this one reads 2\)/)
    return true
  })
  // Left as it is, for the newer chatmark.
  assert.deepEqual(await readdir(dir), ['state.json'])
})

test('a state that is not chatmark’s, of another version, or names paths outside the vault is set aside', async () => {
  const cases: Array<[unknown, RegExp]> = [
    [{format: 'something else'}, /not a chatmark vault state file/],
    [{format: 'chatmark-vault-state', version: 0, sources: {}, notes: {}}, /a state file of version 0, not 2/],
    [{format: 'chatmark-vault-state', version: 1}, /no sources or notes/],
    [
      {format: 'chatmark-vault-state', version: 1, sources: {'/a': {size: 'big'}}, notes: {}},
      /source \/a is malformed/
    ],
    [
      {
        format: 'chatmark-vault-state',
        version: 1,
        sources: {},
        notes: {x: {path: '../../etc/passwd', sha256: '', title: '', tool: '', turns: 0, source: ''}}
      },
      /the record of note x is malformed/
    ]
  ]
  for (const [value, reason] of cases) {
    const dir = await mkdtemp(join(tmpdir(), 'chatmark-state-'))
    await writeFile(join(dir, 'state.json'), JSON.stringify(value))
    const loaded = await loadState(dir, now)
    assert.equal(loaded.fresh, true)
    assert.match(loaded.setAside?.reason ?? '', reason)
    assert.deepEqual(await readdir(dir), ['state.json.unreadable-2026-12-01T10-00-00-000Z'])
  }
})

test('only relative paths without . or .. segments are paths inside the vault', () => {
  for (const path of ['a.md', 'a/b c.md', 'attachments/x.png']) assert.ok(safeRelativePath(path), path)
  for (const path of ['', '/etc/x', 'a/../b', './a', 'a//b', 'a\\b', 'a\0b']) assert.ok(!safeRelativePath(path), path)
})
