import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {toNote} from '@chatmark/core'

const compacted = (details: string): Conversation => ({
  id: 'c-1',
  source: {format: 'test'},
  participants: [],
  metadata: {},
  turns: [
    {role: 'user', parts: [{type: 'text', text: 'hi'}]},
    {role: 'system', parts: [{type: 'notice', level: 'info', kind: 'compaction', summary: details}]},
    {role: 'user', parts: [{type: 'text', text: 'after'}]}
  ],
  fidelity: {}
})

/** `<details` and `</details` tags of a note, counted: balanced when chatmark's folds are the only ones. */
function foldTags(note: string): {open: number; close: number} {
  return {open: note.match(/<details(?![\w-])/gi)?.length ?? 0, close: note.match(/<\/details(?![\w-])/gi)?.length ?? 0}
}

test('a summary holding fold tags is never written inside a <details> fold', () => {
  // Claude Code, OpenCode and Continue wrap their compaction summaries in `<summary>` tags.
  for (const details of [
    '<summary>\n1. Primary request: ship it\n</summary>',
    'an inline <summary>tag</summary> here',
    'opens <details> and never closes',
    'closes </DETAILS> early',
    '<Details open>\n\ntext'
  ]) {
    const note = toNote(compacted(details))
    assert.doesNotMatch(note, /<details>\n<summary>Summary<\/summary>/, details)
    assert.match(note, /^> \*\*Summary\*\*$/m, details)
    assert.match(note, /^after$/m)
  }
})

test('a summary without fold tags stays folded, and lookalike tags do not unfold it', () => {
  for (const details of ['plain summary', 'a <summarize> tag', 'a <details-list> element', 'x < y and <b>bold</b>']) {
    const note = toNote(compacted(details))
    assert.match(note, /<details>\n<summary>Summary<\/summary>/, details)
    assert.deepEqual(foldTags(note), {open: 1, close: 1}, details)
  }
})
