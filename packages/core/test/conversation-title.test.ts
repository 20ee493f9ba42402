import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {conversationTitle} from '@chatmark/core'

const withPrompt = (text: string, title?: string): Conversation => ({
  id: 'c-1',
  ...(title === undefined ? {} : {title}),
  source: {format: 'test'},
  participants: [],
  metadata: {},
  turns: [{role: 'user', parts: [{type: 'text', text}]}],
  fidelity: {}
})

test('a title from the first prompt never starts with a Markdown block marker', () => {
  assert.equal(conversationTitle(withPrompt('# Context from my IDE setup:\n\nfix it')), 'Context from my IDE setup:')
  assert.equal(conversationTitle(withPrompt('## My request\nplease')), 'My request')
  assert.equal(conversationTitle(withPrompt('> > quoted ask')), 'quoted ask')
  assert.equal(conversationTitle(withPrompt('- first item')), 'first item')
  assert.equal(conversationTitle(withPrompt('12. twelfth')), 'twelfth')
  assert.equal(conversationTitle(withPrompt('#\n\n#hashtag is a word')), '#hashtag is a word')
  assert.equal(conversationTitle(withPrompt('  \n\nplain')), 'plain')
})

test("a conversation's own title is kept as the reader gave it; without any text the format and id name it", () => {
  assert.equal(conversationTitle(withPrompt('# ignored', 'Release planning')), 'Release planning')
  assert.equal(conversationTitle(withPrompt('#\n>\n- ')), 'test conversation c-1')
  assert.equal(conversationTitle(withPrompt('x'.repeat(100))), `${'x'.repeat(79)}…`)
})
