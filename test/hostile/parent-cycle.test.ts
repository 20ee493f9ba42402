import assert from 'node:assert/strict'
import {convert, inputFromString, normalizer} from 'chatmark'
import {test} from 'vitest'

const line = (uuid: string, parentUuid: string | null, role: 'user' | 'assistant', text: string): string =>
  JSON.stringify({
    type: role,
    uuid,
    parentUuid,
    sessionId: 's1',
    timestamp: '2025-01-01T00:00:00Z',
    message: {role, content: text}
  })

test('a full parentUuid cycle is named as a cycle, and the messages on it are kept', async () => {
  const jsonl = [
    line('a', 'c', 'user', 'first'),
    line('b', 'a', 'assistant', 'second'),
    line('c', 'b', 'user', 'third')
  ]
  const result = await convert(normalizer, inputFromString(`${jsonl.join('\n')}\n`, 'cycle.jsonl'))
  assert.deepEqual(
    result.file.messages.filter((message) => message.fatal),
    []
  )
  const cycle = result.file.messages.filter((message) => message.ruleId === 'parent-cycle')
  assert.equal(cycle.length, 1)
  assert.match(cycle[0]?.reason ?? '', /^The parentUuid chain forms a cycle at line 1: /)
  assert.equal(result.notes.length, 1)
  const markdown = result.notes[0]?.markdown ?? ''
  assert.ok(
    markdown.indexOf('first') < markdown.indexOf('second') && markdown.indexOf('second') < markdown.indexOf('third')
  )
})

test('a cycle above a leaf is named too, the leaf kept', async () => {
  const jsonl = [
    line('a', 'b', 'user', 'first'),
    line('b', 'a', 'assistant', 'second'),
    line('c', 'b', 'user', 'third')
  ]
  const result = await convert(normalizer, inputFromString(`${jsonl.join('\n')}\n`, 'cycle.jsonl'))
  assert.equal(result.file.messages.filter((message) => message.ruleId === 'parent-cycle').length, 1)
  assert.match(result.notes[0]?.markdown ?? '', /third/)
})
