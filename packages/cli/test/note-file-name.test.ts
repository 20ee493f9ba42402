import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from 'chatmark'
import {maxFileNameBytes, numberedFileName} from '@chatmark/core'
import {noteFileName} from '../src/output/note-file-name.js'

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

test('a numbered name fits in 255 UTF-8 bytes, number included, and never cuts a character', () => {
  const family = '👨‍👩‍👧'
  for (const stem of ['日'.repeat(200), family.repeat(30), 'e\u0301'.repeat(200), 'x'.repeat(300)]) {
    for (const attempt of [1, 2, 12, 1000]) {
      const name = numberedFileName(`${stem}.md`, attempt)
      assert.ok(Buffer.byteLength(name) <= maxFileNameBytes, `${name}: ${Buffer.byteLength(name)} bytes`)
      assert.ok(name.endsWith(attempt === 1 ? '.md' : `-${attempt}.md`), name)
      const kept = name.slice(0, name.length - (attempt === 1 ? 3 : `-${attempt}.md`.length))
      assert.ok(stem.startsWith(kept), 'a prefix of the stem')
      if (stem.startsWith(family)) assert.equal(kept.length % family.length, 0, 'whole grapheme clusters')
      if (stem.startsWith('e\u0301')) assert.ok(kept.endsWith('\u0301'), 'the accent stays with its letter')
    }
  }
  assert.equal(numberedFileName('short.md', 3), 'short-3.md')
})

test('Windows device names are reserved by stem, whatever the case and the extension', () => {
  for (const stem of ['con', 'NUL', 'Prn', 'aux', 'com1', 'COM9', 'lpt3', 'com¹']) {
    assert.equal(numberedFileName(`${stem}.md`, 1), `${stem}-note.md`)
    assert.equal(numberedFileName(`${stem}.tar.md`, 2), `${stem}-note-2.tar.md`)
  }
  assert.equal(numberedFileName('console.md', 1), 'console.md')
  assert.equal(noteFileName(named('nul')), 'nul-note.md')
})
