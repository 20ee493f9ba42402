import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation, TextPart} from '@chatmark/core'
import {htmlChunks} from '@chatmark/writer-html'

// Issue 25, item 2: a page is built as it is written, a turn at a time, as a Markdown note is; the tree of the
// whole conversation (920 MB for a session of 200,000 short lines) is never held.

function conversation(turns: number): Conversation {
  return {
    id: 'c-1',
    title: 'Many turns',
    source: {format: 'test'},
    participants: [],
    metadata: {},
    fidelity: {},
    turns: Array.from({length: turns}, (_, index) => ({
      role: index % 2 === 0 ? 'user' : 'assistant',
      parts: [{type: 'text', text: `message ${index}`}]
    }))
  }
}

test('a turn is built when its piece of the page is asked for, not before the page begins', () => {
  const value = conversation(1_000)
  const pieces = htmlChunks(value)
  const head = [pieces.next().value, pieces.next().value]
  assert.match(head.join(''), /<!doctype html>/)
  assert.match(head[1] ?? '', /message 0/)
  // Changed after the page began: the page says what the turn holds when it is written.
  const last = value.turns.at(-1)?.parts[0] as TextPart
  last.text = 'changed while the page is written'
  const rest = [...pieces].join('')
  assert.match(rest, /changed while the page is written/)
  assert.doesNotMatch(rest, /message 999/)
})
