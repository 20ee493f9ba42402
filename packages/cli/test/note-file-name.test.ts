import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from 'chatmark'
import {noteFileName} from '../src/note-file-name.js'

const named = (title: string, createdAt?: string): Conversation => ({
  id: 'x',
  title,
  source: {format: 'test'},
  ...(createdAt ? {createdAt} : {}),
  participants: [],
  metadata: {},
  turns: [],
  fidelity: {}
})

test('a note is named from its date and title', () => {
  assert.equal(noteFileName(named('Fix the Parser!', '2026-03-30T10:28:00Z')), '2026-03-30-fix-the-parser.md')
  assert.equal(noteFileName(named('Übersicht: 日本語 notes')), 'übersicht-日本語-notes.md')
})

test('names never hold separators, dot segments or reserved names, and are length-capped', () => {
  for (const title of [
    '../../etc/passwd',
    'a/b\\c',
    '..',
    'CON',
    'nul',
    '   ',
    '\u0000\u0001',
    '<>:"|?*',
    'x'.repeat(500),
    '🙂'.repeat(300)
  ]) {
    const name = noteFileName(named(title, '2026-01-02T00:00:00Z'))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a file name must hold no control character
    assert.doesNotMatch(name, /[/\\\u0000-\u001F<>:"|?*]/u, name)
    assert.ok(!name.startsWith('.'), name)
    assert.ok([...name].length <= 120, name)
    assert.match(name, /^2026-01-02-.*\.md$/u, name)
  }
})
