import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {toNote} from '@chatmark/core'

test('terminal colours in a command’s output and in a notice’s details are left out of the note, not the model', () => {
  const colored = '\u001b[1m\u001b[31merror\u001b[0m: 2 tests failed\n\u001b[2mCompacted\u001b[22m'
  const session: Conversation = {
    id: 'ansi',
    source: {format: 'test'},
    participants: [],
    metadata: {},
    fidelity: {},
    turns: [
      {
        role: 'assistant',
        parts: [
          {type: 'tool-call', text: 'npm test', name: 'shell', input: {cmd: 'npm test'}, result: {text: colored}},
          {type: 'code', text: colored, language: 'text'}
        ]
      },
      {role: 'system', parts: [{type: 'notice', level: 'info', kind: 'meta', text: 'Command output', details: colored}]}
    ]
  }
  const markdown = toNote(session)
  assert.ok(!markdown.includes('\u001b') && !markdown.includes('\u009b'))
  assert.equal(markdown.split('error: 2 tests failed\nCompacted').length, 4)
  const [call] = session.turns[0]?.parts ?? []
  assert.equal(call?.type === 'tool-call' ? call.result?.text : undefined, colored)
})
