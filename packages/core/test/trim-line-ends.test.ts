import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {containMarkdown, toNote} from '@chatmark/core'

test('spaces and tabs that end lines are dropped, hard breaks kept as two spaces', () => {
  assert.equal(containMarkdown('a   \nb \t\n\nc', 2), 'a  \nb\n\nc')
  assert.equal(containMarkdown('one\t\ntwo', 2), 'one\ntwo')
  assert.equal(containMarkdown('- x  \n  y  \n\n> q  \n> r ', 2), '- x  \n  y\n\n> q  \n> r')
  // The last line of a paragraph breaks nothing; a line of spaces alone is blank.
  assert.equal(containMarkdown('end  \n   \nnext', 2), 'end\n\nnext')
})

test('code blocks, HTML blocks and code spans keep their spaces', () => {
  assert.equal(containMarkdown('```\ncode  \n```\nafter ', 2), '```\ncode  \n```\nafter')
  assert.equal(containMarkdown('text\n\n    indented  \n\nmore', 2), 'text\n\n    indented  \n\nmore')
  assert.equal(containMarkdown('<pre>\nkept  \n</pre>', 2), '<pre>\nkept  \n</pre>')
  assert.equal(containMarkdown('see `a  \nb` here ', 2), 'see `a  \nb` here')
  assert.equal(containMarkdown('an \\` escaped  \ntick', 2), 'an \\` escaped  \ntick')
})

test('text nodes (a notice) end their lines without character references', () => {
  const conversation: Conversation = {
    id: 'c',
    source: {format: 'test'},
    participants: [],
    metadata: {},
    turns: [{role: 'system', parts: [{type: 'notice', level: 'info', text: 'topic  \nset \t'}]}],
    fidelity: {}
  }
  const note = toNote(conversation)
  assert.doesNotMatch(note, /&#x(?:20|9);/)
  assert.match(note, /^> topic\n> set$/m)
})
