import assert from 'node:assert/strict'
import {test} from 'vitest'
import {AgentTurns} from '../src/cli/agent-turns.js'
import {leafJson, walkTree} from '../src/cli/blob-tree.js'
import {protoFields} from '../src/cli/protobuf.js'

test('protobuf: varint, 64-bit and 32-bit fields are passed over; a field cut short ends the read', () => {
  const bytes = Uint8Array.from([0x08, 0x96, 0x01, 0x11, 1, 2, 3, 4, 5, 6, 7, 8, 0x1d, 1, 2, 3, 4, 0x22, 2, 0x68, 0x69])
  const {fields, complete} = protoFields(bytes)
  assert.equal(complete, true)
  assert.deepEqual(
    fields.map(({field, bytes: value}) => [field, Buffer.from(value).toString()]),
    [[4, 'hi']]
  )
  assert.equal(protoFields(Uint8Array.from([0x22, 9, 0x68])).complete, false)
  assert.equal(protoFields(Uint8Array.from([0x0b])).complete, false)
  assert.equal(protoFields(Uint8Array.from([0x08, 0xff])).complete, false)
})

test('a tree that names itself, a missing sub-tree and a leaf of no JSON are each counted once', () => {
  const id = (byte: number): Uint8Array => new Uint8Array(32).fill(byte)
  const hex = (byte: number): string => Buffer.from(id(byte)).toString('hex')
  const field = (number: number, value: Uint8Array): number[] => [(number << 3) | 2, value.length, ...value]
  const blobs = new Map<string, Uint8Array>([
    [hex(1), Uint8Array.from([...field(2, id(1)), ...field(2, id(9)), ...field(1, id(2)), ...field(1, id(3))])],
    [hex(2), new TextEncoder().encode('{"role":"user","content":"hi"}')],
    [hex(3), Uint8Array.from([0xff, 0x00])]
  ])
  const problems = {brokenTrees: 0}
  const leaves = walkTree(hex(1), (key) => blobs.get(key), problems)
  assert.equal(problems.brokenTrees, 1)
  assert.equal(leaves.length, 2)
  const [first, second] = leaves
  assert.ok(first && !('missing' in first) && second && !('missing' in second))
  assert.deepEqual(leafJson(first.bytes), {role: 'user', content: 'hi'})
  assert.equal(leafJson(second.bytes), undefined)
})

test("messages in OpenAI's shape, redacted reasoning, orphan results and unknown blocks are kept or counted", () => {
  const turns = new AgentTurns()
  turns.add('not an object')
  turns.add({
    role: 'user',
    content: [
      {type: 'image', url: 'x.png'},
      {type: 'text', text: 'Look'}
    ]
  })
  turns.add({
    role: 'assistant',
    content: [{type: 'redacted-reasoning', data: 'x'}],
    tool_calls: [
      {id: 'c1', function: {name: 'Read', arguments: '{"path": "a.ts"}'}},
      {id: 'c2', function: {}}
    ]
  })
  turns.add({role: 'tool', content: [{type: 'tool-result', tool_call_id: 'c1', result: {lines: 3}}]})
  turns.add({role: 'tool', content: [{type: 'tool-result', toolCallId: 'nope', result: 'x'}]})
  turns.add({role: 'assistant', content: [{type: 'source', url: 'https://example.com'}]})
  turns.error('rate limited')
  assert.deepEqual(turns.fidelity, {'unreadable-message': 1, 'unknown-content': 2, 'orphan-tool-result': 1})
  const [user, answer] = turns.turns
  assert.deepEqual(
    user?.parts.map((part) => part.type),
    ['notice', 'text']
  )
  assert.deepEqual(
    answer?.parts.map((part) => (part.type === 'notice' ? part.kind : part.type)),
    ['redacted-thinking', 'tool-call', 'tool-call', 'unknown-content', 'api-error']
  )
  const read = answer?.parts[1]
  assert.ok(read?.type === 'tool-call')
  assert.deepEqual(read.input, {path: 'a.ts'})
  assert.deepEqual(read.result, {text: '{\n  "lines": 3\n}', language: 'json'})
})
