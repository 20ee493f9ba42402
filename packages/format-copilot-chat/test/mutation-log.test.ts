import assert from 'node:assert/strict'
import {test} from 'vitest'
import {at, conversation, jsonl, markdown, read, request, session} from './helpers.js'

const initial = {kind: 0, v: session([])}
const texts = async (text: string): Promise<string[]> =>
  (await conversation(text, 'session.jsonl')).turns.flatMap((turn) =>
    turn.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))
  )

test('a log is replayed as VS Code replays it: pushes, sets, deletes; a push with `i` cuts the array', async () => {
  const log = jsonl(
    initial,
    {kind: 2, k: ['requests'], v: [request('r1', 'Why is it slow?', [], {modelState: {value: 0}})]},
    {kind: 2, k: ['requests', 0, 'response'], v: [markdown('It re')]},
    // The streamed markdown merged into its last part: the part is replaced (ObjectMutationLog `_diffArray`).
    {kind: 2, k: ['requests', 0, 'response'], v: [markdown('It reads the file twice.')], i: 0},
    {kind: 1, k: ['requests', 0, 'modelState'], v: {value: 1, completedAt: at(5)}},
    {kind: 1, k: ['customTitle'], v: 'Slow reads'},
    {kind: 2, k: ['requests'], v: [request('r2', 'Thanks')]},
    {kind: 3, k: ['requests', 1, 'modelId']},
    // The user removed the second request: the array is cut back, nothing pushed.
    {kind: 2, k: ['requests'], i: 1}
  )
  const read = await conversation(log, 'session.jsonl')
  assert.equal(read.title, 'Slow reads')
  assert.equal(read.source.variant, 'vscode-chat-session-log')
  assert.deepEqual(
    read.turns.map((turn) => [turn.role, turn.parts.map((part) => (part.type === 'text' ? part.text : part.type))]),
    [
      ['user', ['Why is it slow?']],
      ['assistant', ['It reads the file twice.']]
    ]
  )
  assert.equal(read.updatedAt, new Date(at(5)).toISOString())
})

test('a later {kind: 0} entry replaces the whole state, as a compacted log begins again', async () => {
  const log = jsonl(
    initial,
    {kind: 2, k: ['requests'], v: [request('r1', 'first', [markdown('one')])]},
    {kind: 0, v: session([request('r9', 'again', [markdown('two')])])}
  )
  assert.deepEqual(await texts(log), ['again', 'two'])
})

test('a torn last line is left out with a warning naming it, and every entry before it is kept', async () => {
  const whole = jsonl(initial, {kind: 2, k: ['requests'], v: [request('r1', 'Kept', [markdown('Also kept')])]})
  const lost = JSON.stringify({kind: 2, k: ['requests', 0, 'response'], v: [markdown('lost')]})
  const torn = `${whole}${lost.slice(0, 30)}`
  const {conversations, file} = await read(torn, 'session.jsonl')
  assert.deepEqual(
    conversations[0]?.turns.map((turn) => turn.parts.map((part) => (part.type === 'text' ? part.text : ''))),
    [['Kept'], ['Also kept']]
  )
  assert.equal(conversations[0]?.fidelity['malformed-line'], 1)
  assert.deepEqual(
    file.messages.map((message) => [message.line, message.ruleId]),
    [[3, 'malformed-line']]
  )
})

test('an entry that cannot be applied is reported with its line and skipped; the others are applied', async () => {
  const log = jsonl(
    initial,
    {kind: 2, k: ['requests'], v: [request('r1', 'hello', [markdown('hi')])]},
    {kind: 1, k: ['requests', 4, 'result'], v: {}},
    {kind: 2, k: ['requests', 0, 'message', 'text'], v: ['x']},
    {kind: 7, k: []},
    {kind: 1, k: 'requests', v: []},
    {kind: 2, k: ['requests', 0, 'response'], v: [markdown(' there')]}
  )
  const {conversations, file} = await read(log, 'session.jsonl')
  assert.deepEqual(
    file.messages.map((message) => [message.line, message.ruleId, message.reason]),
    [
      [
        3,
        'unapplied-entry',
        'Line 3 of the chat log could not be applied (its path ["requests", 4, "result"] leads nowhere in the ' +
          'session): skipped'
      ],
      [
        4,
        'unapplied-entry',
        'Line 4 of the chat log could not be applied (its path ["requests", 0, "message", "text"] holds no ' +
          'array to push onto): skipped'
      ],
      [5, 'unapplied-entry', 'Line 5 of the chat log could not be applied (unknown entry kind 7): skipped'],
      [
        6,
        'unapplied-entry',
        'Line 6 of the chat log could not be applied (its path `k` is not a list of keys and indexes): skipped'
      ]
    ]
  )
  assert.equal(conversations[0]?.fidelity['unapplied-log-entry'], 4)
  assert.deepEqual(
    conversations[0]?.turns.map((turn) => turn.parts.map((part) => (part.type === 'text' ? part.text : ''))),
    [['hello'], ['hi there']]
  )
})

test('a path through a prototype key is refused, so a hostile log cannot reach other objects', async () => {
  const log = jsonl(
    initial,
    {kind: 2, k: ['requests'], v: [request('r1', 'hello', [markdown('hi')])]},
    {kind: 1, k: ['__proto__', 'polluted'], v: true},
    {kind: 1, k: ['requests', 'constructor', 'prototype', 'polluted'], v: true}
  )
  const {file} = await read(log, 'session.jsonl')
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined)
  assert.deepEqual(
    file.messages.map((message) => message.line),
    [3, 4]
  )
})

test('entries before the initial one are skipped; a log with no initial entry is an error that says so', async () => {
  const late = jsonl({kind: 1, k: ['customTitle'], v: 'early'}, initial, {
    kind: 2,
    k: ['requests'],
    v: [request('r1', 'hello', [markdown('hi')])]
  })
  const {conversations, file} = await read(late, 'session.jsonl')
  assert.equal(conversations[0]?.title, undefined)
  assert.match(String(file.messages[0]?.reason), /^Line 1 of the chat log could not be applied \(an entry before the/)

  const headless = jsonl({kind: 1, k: ['customTitle'], v: 'x'}, {kind: 2, k: ['requests'], v: []})
  const failed = await read(headless, 'session.jsonl')
  assert.equal(failed.conversations.length, 0)
  assert.match(failed.file.messages.map(String).join('\n'), /entries with no initial \{"kind":0,"v":\.\.\.\} one/)
})

test('a log of only its initial entry, and a session on one line, are read as the session they hold', async () => {
  const one = session([request('r1', 'hello', [markdown('hi')])])
  assert.deepEqual(await texts(jsonl({kind: 0, v: one})), ['hello', 'hi'])
  assert.deepEqual(await texts(JSON.stringify(one)), ['hello', 'hi'])
})
