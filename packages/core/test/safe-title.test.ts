import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {conversationTitle, safeTitle, toNote} from '@chatmark/core'

const titled = (title: string | undefined, prompt = 'hello'): Conversation => ({
  id: 'c-1',
  ...(title === undefined ? {} : {title}),
  source: {format: 'test'},
  participants: [{id: 'u', name: 'Ann\u001b]0;retitled\u0007 Lee', kind: 'human'}],
  metadata: {},
  turns: [{role: 'user', author: 'u', model: 'm\u0007odel', parts: [{type: 'text', text: prompt}]}],
  fidelity: {}
})

test('a title loses its ANSI sequences whole and every other control character', () => {
  assert.equal(safeTitle('\u001b[1;31mRed\u001b[0m alert'), 'Red alert')
  assert.equal(safeTitle('ring\u0007 the\u0000bell'), 'ring the bell')
  assert.equal(safeTitle('c1\u009b2J csi\u0085next\u007fdel'), 'c1 csi next del')
  assert.equal(safeTitle('tab\there\fand\vthere'), 'tab here and there')
  assert.equal(safeTitle('two\nlines'), 'two lines')
  assert.equal(safeTitle('\u0007\u001b \u0000'), '')
  // Printable text, its spacing and non-ASCII letters are kept as they are.
  assert.equal(safeTitle('Café  «déjà vu» ✓'), 'Café  «déjà vu» ✓')
})

test('a title loses the bidirectional controls that would reorder it, and keeps right-to-left text', () => {
  assert.equal(safeTitle('report\u202Etxt.exe'), 'reporttxt.exe')
  assert.equal(safeTitle('\u2067שלום\u2069 world\u202A!\u202C'), 'שלום world!')
  assert.equal(safeTitle('مرحبا بالعالم'), 'مرحبا بالعالم')
})

test('the title of every writer is safe: own, from the prompt, or made of the id', () => {
  assert.equal(conversationTitle(titled('Plan\u0007 v2\u001b[0m')), 'Plan v2')
  assert.equal(conversationTitle(titled('\u0007\u0000')), 'hello')
  assert.equal(conversationTitle(titled(undefined, '\u001b[2J# Fix\u0008 it')), 'Fix it')
  assert.equal(conversationTitle({...titled('\u0007'), id: 'x\u0007y', turns: []}), 'test conversation x y')
})

test("a note's heading, speaker and model hold no control character", () => {
  const note = toNote(titled('Plan\u0007 v2'))
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for
  const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/
  const body = note.slice(note.indexOf('\n---\n') + 5)
  assert.doesNotMatch(body, controls)
  assert.match(body, /^# Plan v2$/m)
  assert.match(body, /^## Ann Lee · m odel$/m)
})
