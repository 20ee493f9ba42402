import assert from 'node:assert/strict'
import {link, mkdir, mkdtemp, readdir, realpath, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {sha256Of} from '../src/base-texts.js'
import {takeUpInterruptedRun} from '../src/resume-run.js'
import type {JournalEntry} from '../src/state-journal.js'
import {VaultFiles} from '../src/vault-files.js'
import type {NoteRecord} from '../src/vault-state.js'
import {emptyState} from '../src/vault-state.js'

const record = (path: string, text: string): NoteRecord => ({
  path,
  sha256: sha256Of(text),
  base: sha256Of(text),
  title: 'T',
  tool: 'codex',
  turns: 1,
  source: '/s.jsonl'
})

test('a stopped run’s journal counts only what happened: notes written as said, moves done, its sources', async () => {
  const vault = await realpath(await mkdtemp(join(tmpdir(), 'chatmark-resume-')))
  const files = new VaultFiles(vault, vault, '0badc0de', false)
  await mkdir(join(vault, 'codex'))
  await writeFile(join(vault, 'codex/written.md'), 'as said\n')
  await writeFile(join(vault, 'codex/other.md'), 'something else\n')
  await writeFile(join(vault, 'codex/moved.md'), 'moved\n')
  await writeFile(join(vault, 'codex/linked new.md'), 'linked\n')
  await link(join(vault, 'codex/linked new.md'), join(vault, 'codex/linked old.md'))
  // What the killed run left: its temporary files, named with its mark, and someone else's.
  await writeFile(join(vault, 'codex/.chatmark-0badc0de0123456789abcdef0123.tmp'), 'half')
  await writeFile(join(vault, 'codex/.chatmark-ffffffff0123456789abcdef0123.tmp'), 'another run')
  const state = emptyState()
  state.notes['m'] = record('codex/moved before.md', 'moved\n')
  state.notes['l'] = record('codex/linked old.md', 'linked\n')
  const entries: JournalEntry[] = [
    {run: '0badc0de', pid: 1},
    {note: 'w', record: record('codex/written.md', 'as said\n')},
    // Said, but never written: the file there holds something else, or nothing.
    {note: 'o', record: record('codex/other.md', 'the text it would have had\n')},
    {note: 'n', record: record('codex/never.md', 'never\n')},
    {move: 'm', from: 'codex/moved before.md', to: 'codex/moved.md'},
    {move: 'l', from: 'codex/linked old.md', to: 'codex/linked new.md'},
    {source: '/s.jsonl', record: {size: 1, mtimeMs: 2, sha256: 'x', conversations: ['w']}}
  ]
  await takeUpInterruptedRun(entries, state, files, vault)
  assert.deepEqual(Object.keys(state.notes).sort(), ['l', 'm', 'w'])
  assert.equal(state.notes['m']?.path, 'codex/moved.md')
  assert.equal(state.notes['l']?.path, 'codex/linked new.md')
  assert.deepEqual(state.sources['/s.jsonl']?.conversations, ['w'])
  assert.deepEqual((await readdir(join(vault, 'codex'))).sort(), [
    '.chatmark-ffffffff0123456789abcdef0123.tmp',
    'linked new.md',
    'moved.md',
    'other.md',
    'written.md'
  ])
})
