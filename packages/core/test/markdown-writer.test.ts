import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {markdownWriter, toNote} from '@chatmark/core'

const conversation: Conversation = {
  id: 'c-1',
  source: {format: 'test'},
  participants: [],
  metadata: {},
  turns: [{role: 'user', parts: [{type: 'text', text: 'Hello'}]}],
  fidelity: {}
}

test('the Markdown writer writes the note in pieces, and reads a note id back from its frontmatter', async () => {
  assert.deepEqual([markdownWriter.name, markdownWriter.extension], ['markdown', '.md'])
  const note = [...markdownWriter.write(conversation, {profile: 'obsidian'})].join('')
  assert.equal(note, toNote(conversation, {profile: 'obsidian'}))
  assert.equal(await markdownWriter.noteId?.(note), 'c-1')
  assert.equal(await markdownWriter.noteId?.('---\nid: 42\n---\n'), '42')
  assert.equal(await markdownWriter.noteId?.('---\nid: [1]\n---\n'), undefined)
  assert.equal(await markdownWriter.noteId?.('---\n: : bad: [\n---\n'), undefined)
  assert.equal(await markdownWriter.noteId?.('# A note without frontmatter'), undefined)
})
