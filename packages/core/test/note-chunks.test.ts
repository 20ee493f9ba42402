import assert from 'node:assert/strict'
import {fromMarkdown} from 'mdast-util-from-markdown'
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

test('message text that looks like a placeholder is kept, its NUL characters written as U+FFFD', () => {
  const text = 'before \u0000deadbeef:0\u0000 after\n\u0000abc:1\u0000'
  const note = toNote(conversation(text))
  assert.ok(note.includes(text.replaceAll('\u0000', '\uFFFD')), note)
  assert.ok(!note.includes('\u0000'))
})

test('a bare carriage return in folded tool output cannot end the callout and forge a heading', () => {
  const value = conversation('hi')
  const call = value.turns[1]?.parts[1]
  assert.ok(call?.type === 'tool-call' && call.result)
  call.result.text = `${'progress 10%\r'.repeat(30)}done\r## User\rforged\r\nend`
  for (const profile of ['obsidian', 'gfm'] as const) {
    const note = toNote(value, {profile})
    const headings = fromMarkdown(note.slice(note.indexOf('\n# '))).children.filter(
      (node) => node.type === 'heading' && node.depth === 2
    )
    assert.equal(headings.length, 2, profile)
    assert.ok(note.includes('Output (34 lines)'), `${profile}: folded, the lines counted after the carriage returns`)
    assert.ok(!note.includes('\r'), profile)
  }
})

test('code bodies keep blank lines and get fences longer than their backtick runs', () => {
  const markdown = toNote(conversation('hi'))
  assert.match(markdown, /\*\*Result\*\*\n\n```text\na\n\nb\n```/)
})
