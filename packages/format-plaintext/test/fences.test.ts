import assert from 'node:assert/strict'
import {test} from 'vitest'
import {read, verdictOf} from './helpers.js'

const prose = {
  confidence: 'possible',
  reason: 'text without speaker labels or `> ` prompts: read as a single note',
  variant: 'prose'
}

test('prose that quotes JSON in a fenced code block is still read as a note, not declined as data', () => {
  const text = 'Notes on the API.\n\n```json\n{\n  "a": 1,\n  "b": [1, 2]\n}\n```\n\nThe reply is small.\n'
  assert.deepEqual(verdictOf(text), prose)
})

test('prose that quotes a chat log in a fenced code block is still read as a note, not declined as a log', () => {
  const log = Array.from(
    {length: 12},
    (_, index) => `[09:${10 + index}] <${index % 2 ? 'bob' : 'alice'}> line ${index}`
  )
  const text = `From the server:\n\`\`\`\n${log.join('\n')}\n\`\`\`\n`
  assert.deepEqual(verdictOf(text), prose)
})

test('a speaker label inside a tilde-fenced code block is content, not a new turn', async () => {
  const {turns} = await read('User: show me a transcript\nAssistant: here\n~~~\nUser: not a prompt\n~~~\n')
  assert.deepEqual(turns, [
    ['User', 'show me a transcript'],
    ['Assistant', 'here\n~~~\nUser: not a prompt\n~~~']
  ])
})

test('front matter without a title is skipped and counted, and gives no title', async () => {
  const {conversations, turns} = await read(
    '---\ntags: [travel]\ndate: 2026-01-01\n---\n\nUser: where?\nAssistant: Lisbon\n'
  )
  assert.equal(conversations[0]?.title, undefined)
  assert.deepEqual(conversations[0]?.fidelity, {'front-matter': 1})
  assert.deepEqual(turns, [
    ['User', 'where?'],
    ['Assistant', 'Lisbon']
  ])
})
