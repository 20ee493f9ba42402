import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {conversationToMdast, markdownProcessor, noteChunks, toNote} from '@chatmark/core'

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

test('the streamed chunks join to exactly the note, a few turns or one long turn at a time', () => {
  const long = conversation('x'.repeat(3 * 1024 * 1024))
  const short = conversation('a short turn')
  for (let index = 0; index < 150; index++) long.turns.push(...structuredClone(short.turns))
  const chunks = [...noteChunks(long)]
  assert.ok(chunks.length > 5, `${chunks.length} pieces`)
  const pieces = chunks.filter((chunk) => chunk === 'x'.repeat(1024 * 1024))
  assert.equal(pieces.length, 3, 'a 3 MB message is handed out in 1 MB pieces')
  assert.equal(chunks.join(''), toNote(long))
  const tree = conversationToMdast(long)
  assert.equal(chunks.join(''), markdownProcessor().stringify(tree), 'as the plain processor writes the whole tree')
})

test('a body inside a block quote gets the quote marker on every line, bare on blank lines', () => {
  const markdown = toNote(conversation('hi', 'first line\n\n- item\n  more\n\nlast'), {profile: 'obsidian'})
  assert.match(markdown, /> \[!quote\]- Thinking\n>\n> first line\n>\n> - item\n> {3}more\n>\n> last\n/)
})

test('message text with NUL characters is written verbatim', () => {
  const text = 'before \u0000deadbeef:0\u0000 after\n\u0000abc:1\u0000'
  assert.ok(toNote(conversation(text)).includes(text))
})

test('code bodies keep blank lines and get fences longer than their backtick runs', () => {
  const markdown = toNote(conversation('hi'))
  assert.match(markdown, /\*\*Result\*\*\n\n```text\na\n\nb\n```/)
})
