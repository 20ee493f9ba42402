import assert from 'node:assert/strict'
import type {Conversation} from '@chatmark/core'
import {notePath} from '@chatmark/vault'
import {test} from 'vitest'
import {foldedName} from '../src/note-path.js'

const conversation = (fields: Partial<Conversation>, undated = false): Conversation => ({
  id: 'c-1',
  source: {format: 'claude', variant: 'claude-code-jsonl'},
  participants: [],
  metadata: {},
  turns: [],
  fidelity: {},
  ...(undated ? {} : {createdAt: '2026-11-30T10:00:00Z'}),
  title: 'Fix the flaky test',
  ...fields
})

test('notes go by tool and month, named by day and title', () => {
  assert.equal(notePath(conversation({}), 'claude-code'), 'claude-code/2026-11/2026-11-30 Fix the flaky test.md')
  assert.equal(notePath(conversation({}), 'gemini-cli'), 'gemini-cli/2026-11/2026-11-30 Fix the flaky test.md')
  assert.equal(
    notePath(conversation({}, true), 'claude-code'),
    'claude-code/undated-undated/undated Fix the flaky test.md'
  )
})

test('a title never leaves its folder or breaks a link: separators, dots, Obsidian and Windows characters go', () => {
  assert.equal(
    notePath(conversation({title: '../../etc/passwd: a [[link]] #tag ^block | pipe?*'}), 'claude-code'),
    'claude-code/2026-11/2026-11-30 .. .. etc passwd a link tag block pipe.md'
  )
  assert.equal(notePath(conversation({title: 'con'}), 'claude-code', '{title}'), 'con note.md')
  assert.equal(notePath(conversation({title: '\u001b]0;x\u0007 ok'}), 'claude-code', '{title}'), 'ok.md')
  const long = notePath(conversation({title: '日本語'.repeat(100)}), 'claude-code')
  assert.ok(Buffer.byteLength(long.split('/').at(-1) ?? '') <= 255)
})

test('a name keeps no format character: no bidirectional control, no zero-width character, no byte order mark', () => {
  const titles: Array<[string, string]> = [
    ['invoice\u202Etxt.exe', 'invoicetxt.exe.md'],
    ['\u2066isolated\u2069 \u200Eleft\u200F', 'isolated left.md'],
    ['zero\u200Bwidth\u200C\u200D\u2060joined\uFEFF', 'zerowidthjoined.md'],
    ['soft\u00ADhyphen', 'softhyphen.md']
  ]
  for (const [title, name] of titles) assert.equal(notePath(conversation({title}), 'claude-code', '{title}'), name)
  // A project's folder too.
  const project = conversation({metadata: {project: '/work/de\u202Emo'}})
  assert.equal(notePath(project, 'claude-code', '{project}/{title}'), 'demo/Fix the flaky test.md')
})

test('names are folded as a disk that ignores case and normalisation folds them', () => {
  assert.equal(foldedName('Hello.md'), foldedName('hello.md'))
  assert.equal(foldedName('Cafe\u0301.md'), foldedName('CAF\u00c9.md'))
  // Final sigma and sigma are one letter in upper case, and on such a disk.
  assert.equal(foldedName('\u03bf\u03b4\u03bf\u03c2.md'), foldedName('\u03bf\u03b4\u03bf\u03c3.md'))
  assert.notEqual(foldedName('hello.md'), foldedName('hallo.md'))
})

test('a template places notes by project, or flat', () => {
  const project = conversation({metadata: {project: '/home/ada/work/chatmark'}})
  assert.equal(notePath(project, 'claude-code', '{project}/{title}'), 'chatmark/Fix the flaky test.md')
  assert.equal(notePath(conversation({}), 'claude-code', '{id}'), 'c-1.md')
})
