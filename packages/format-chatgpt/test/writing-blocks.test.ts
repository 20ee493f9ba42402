import assert from 'node:assert/strict'
import {test} from 'vitest'
import {writingBlocks} from '../src/writing-blocks.js'

test('a writing block becomes an artifact between the prose around it', () => {
  const parts = writingBlocks('Here:\n\n:::writing{variant="email" id="1" subject="Hi"}\nHello,\n\nBye\n:::\nMore?')
  assert.deepEqual(parts, [
    {type: 'text', text: 'Here:'},
    {
      type: 'code',
      text: 'Hello,\n\nBye',
      language: 'text',
      artifact: {title: 'Hi', kind: 'writing/email', action: 'written'}
    },
    {type: 'text', text: 'More?'}
  ])
})

test('attribute values in typographic quotes or none are read; an unclosed block runs to the end', () => {
  const [first, second] = writingBlocks(':::writing{variant=“document” title=“Plan”}\n# Plan\n\nstep one')
  assert.deepEqual(first, {
    type: 'code',
    text: '# Plan\n\nstep one',
    language: 'markdown',
    artifact: {title: 'Plan', kind: 'writing/document', action: 'written'}
  })
  assert.equal(second, undefined)
  const [bare] = writingBlocks(':::note{variant=standard id=58213}\nx\n:::')
  assert.deepEqual(bare?.type === 'code' && bare.artifact, {
    title: 'Untitled',
    kind: 'note/standard',
    action: 'written'
  })
})

test('a directive inside a fenced code block, or text with none, stays text as it was', () => {
  const shown = 'Like this:\n\n```md\n:::writing{variant="document"}\ntext\n:::\n```'
  assert.deepEqual(writingBlocks(shown), [{type: 'text', text: shown}])
  assert.deepEqual(writingBlocks('a ::: b'), [{type: 'text', text: 'a ::: b'}])
})
