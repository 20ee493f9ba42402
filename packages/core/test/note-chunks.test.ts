import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {noteChunks, toNote} from '@chatmark/core'

const conversation = (text: string, thinking = 'short'): Conversation => ({
  id: 'c',
  title: 'T',
  source: {format: 'test'},
  participants: [],
  metadata: {},
  fidelity: {},
  turns: [
    {role: 'user', parts: [{type: 'text', text}]},
    {
      role: 'assistant',
      parts: [
        {type: 'thinking', text: thinking},
        {type: 'tool-call', text: 'run', name: 'shell', input: {command: 'ls'}, result: {text: 'a\n\nb'}}
      ]
    }
  ]
})

test('the streamed chunks join to exactly the note', () => {
  const value = conversation('x'.repeat(3 * 1024 * 1024))
  const chunks = [...noteChunks(value)]
  assert.ok(chunks.length > 3, 'a 3 MB message is handed out in pieces')
  assert.equal(chunks.join(''), toNote(value))
})

test('a body inside a block quote gets the quote marker on every line, bare on blank lines', () => {
  const markdown = toNote(conversation('hi', 'first line\n\n- item\n  more\n\nlast'), {profile: 'obsidian'})
  assert.match(markdown, /> \[!quote\]- Thinking\n>\n> first line\n>\n> - item\n> {3}more\n>\n> last\n/)
})

test('message text that looks like a placeholder is written verbatim', () => {
  const text = 'before \u0000deadbeef:0\u0000 after\n\u0000abc:1\u0000'
  assert.ok(toNote(conversation(text)).includes(text))
})

test('code bodies keep blank lines and get fences longer than their backtick runs', () => {
  const markdown = toNote(conversation('hi'))
  assert.match(markdown, /\*\*Result\*\*\n\n```text\na\n\nb\n```/)
})
