import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {TextNotice} from '@chatmark/core'
import {createNormalizer, inputFromString, sampleFromBytes} from '@chatmark/core'
import {gemini} from '@chatmark/format-gemini'
import {conversation, header, jsonl, modelLine, toolCalls, userLine} from './helpers.js'

const plugin = gemini()
const detect = (value: unknown, name = 'file.json') =>
  plugin.detect(sampleFromBytes(Buffer.from(JSON.stringify(value)), {name, complete: true}))
const normalize = (text: string, name: string, formatOptions: Record<string, unknown> = {}) =>
  createNormalizer({formats: [gemini()]}).normalize(inputFromString(text, name), {formatOptions})
const entry = (sessionId: string, messageId: number, message: string) => ({
  sessionId,
  messageId,
  type: 'user',
  message,
  timestamp: `2026-05-01T10:00:0${messageId}.000Z`
})
const user = (text: string) => ({role: 'user', parts: [{text}]})
const model = (text: string) => ({role: 'model', parts: [{text}]})

test('detection tells a checkpoint, a v0.1.x bare checkpoint and logs.json apart, and declines look-alikes', () => {
  assert.deepEqual(
    [
      detect({history: [user('Hi'), model('Hello')]}),
      detect([user('Hi'), model('Hello')]),
      detect([entry('s', 0, 'Hi')]),
      detect({history: [{id: 1, type: 'user', text: 'Hi'}], clientHistory: [user('Hi')], toolCall: {name: 'replace'}})
    ].map((verdict) => [verdict.confidence, verdict.variant]),
    [
      ['certain', 'gemini-checkpoint'],
      ['likely', 'gemini-checkpoint'],
      ['certain', 'gemini-logs'],
      ['certain', 'gemini-restore-point']
    ]
  )
  // OpenAI-style messages, an empty history and a Slack day file are not Gemini's.
  assert.equal(detect([{role: 'assistant', content: 'Hi'}]).confidence, 'none')
  assert.equal(detect({history: []}).confidence, 'none')
  assert.equal(detect([{type: 'message', ts: '1.2', text: 'hi'}]).confidence, 'none')
})

test('logs.json gives one conversation per session, prompts only, and says so', async () => {
  const text = JSON.stringify([entry('a', 0, 'First'), entry('b', 0, 'Other'), entry('a', 1, '/stats'), {junk: 1}])
  const {conversations, file} = await normalize(text, 'logs.json')
  assert.deepEqual(
    conversations.map((value) => [value.id, value.source.variant, value.turns.map((turn) => turn.role)]),
    [
      ['a', 'gemini-logs', ['system', 'user', 'system']],
      ['b', 'gemini-logs', ['system', 'user']]
    ]
  )
  const [first] = conversations[0]?.turns[0]?.parts ?? []
  assert.match((first as TextNotice).text, /keeps only the prompts/)
  assert.deepEqual(file.messages.map(String), [
    'logs.json:1:1: logs.json entry 3 has no string sessionId and message: skipped'
  ])
})

test('a checkpoint is a conversation: its tag from the file name, bad entries reported and skipped', async () => {
  const history = [user('Hi'), 42, model('Hello')]
  const {conversations, file} = await normalize(
    JSON.stringify({history, authType: 'oauth-personal'}),
    '/home/u/.gemini/tmp/abc/checkpoint-my%20tag.json'
  )
  const [value] = conversations
  assert.equal(value?.source.variant, 'gemini-checkpoint')
  assert.deepEqual(value?.metadata.extra, {checkpoint: 'my tag', authType: 'oauth-personal'})
  assert.deepEqual(
    value?.turns.map((turn) => turn.role),
    ['user', 'assistant']
  )
  assert.match(file.messages.map(String).join('\n'), /history\[1\] is not a Content object/)
})

test('injected text is counted, never a user turn or a title, and shown as meta notices with keepMeta', async () => {
  const lines = jsonl(
    header,
    userLine('i1', "Here is the user's editor context as a JSON object. This is for your information only."),
    userLine('u1', 'Fix the bug', 2),
    modelLine('m1', 'Done'),
    {...userLine('c1', 'Please continue.', 3), displayContent: [{text: 'Fix the bug'}]},
    {...userLine('c2', 'A hook asked for tests too', 4), displayContent: [{text: 'Fix the bug'}]},
    modelLine('m2', 'Tests added', [], 5)
  )
  const plain = await conversation(lines)
  assert.deepEqual(
    plain.turns.map((turn) => turn.role),
    ['user', 'assistant', 'assistant']
  )
  assert.equal(plain.fidelity['injected-context'], 3)
  const {conversations} = await normalize(lines, 'session.jsonl', {keepMeta: true})
  const labels = (conversations[0]?.turns ?? []).flatMap((turn) =>
    turn.parts.flatMap((part) => (part.type === 'notice' && part.kind === 'meta' ? [part.text] : []))
  )
  assert.deepEqual(labels, ['IDE context', 'Continuation request', 'Continuation request'])
})

test('tool output in text parts after a response is kept, and a prompt typed twice stays', async () => {
  const value = await conversation(
    jsonl(
      header,
      userLine('u1', 'Read it', 1),
      modelLine('m1', '', [
        {
          id: 'c1',
          name: 'read_many_files',
          args: {},
          status: 'success',
          timestamp: '',
          result: [
            {functionResponse: {id: 'c1', name: 'read_many_files', response: {output: 'Tool execution succeeded.'}}},
            {text: 'file body'}
          ]
        }
      ]),
      userLine('u2', 'Read it', 3)
    )
  )
  assert.equal(toolCalls(value)[0]?.result?.text, 'file body')
  assert.equal(value.turns.filter((turn) => turn.role === 'user').length, 2)
})
