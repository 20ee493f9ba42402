import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {test} from 'vitest'
import {conversation, event, jsonl, prompt, read, reply, start} from './helpers.js'

const fixture = (name: string) => readFile(new URL(`../fixtures/${name}/input.jsonl`, import.meta.url), 'utf8')

test('a file cut in the middle of a line keeps every whole event and names the cut line', async () => {
  const text = await fixture('headless-1.0.102-resume-error')
  const lines = text.split('\n')
  const cut = `${lines.slice(0, 20).join('\n')}\n${lines[20]!.slice(0, 40)}`
  const {conversations, file} = await read(cut)
  assert.equal(conversations.length, 1)
  assert.equal(conversations[0]?.turns.filter((turn) => turn.role === 'user').length, 2)
  assert.ok(
    file.messages.some((message) => message.line === 21),
    file.messages.map(String).join('\n')
  )
})

test('the NUL bytes a crash leaves after the last line (copilot-cli#2217) cost one line, not the session', async () => {
  // A session past the sample's 64 KiB head, as a crashed one is: the NULs are at its end, out of the head.
  const session = await fixture('headless-1.0.102-resume-error')
  const more = Array.from({length: 24}, (_, index) =>
    JSON.stringify(reply(`Padding answer ${index} ${'x'.repeat(900)}`))
  )
  const {conversations, file} = await read(`${session}${more.join('\n')}\n${'\u0000'.repeat(1728)}`)
  assert.equal(conversations[0]?.turns.filter((turn) => turn.role === 'user').length, 6)
  assert.equal(conversations[0]?.fidelity['malformed-line'], 1)
  assert.ok(
    file.messages.some((message) => /Line \d+/.test(String(message))),
    file.messages.map(String).join('\n')
  )
})

test('junk lines and lines that are JSON but no event are skipped, counted and named', async () => {
  const {conversations, file} = await read(
    jsonl(start(), 'not json at all', {hello: 'world'}, prompt('Hello'), '[1,2]', reply('Hi'))
  )
  const value = conversations[0]!
  assert.equal(value.turns.length, 2)
  assert.equal(value.fidelity['malformed-line'], 1)
  assert.equal(value.fidelity['not-an-event'], 2)
  assert.ok(file.messages.some((message) => /Lines 3, 5 are not events/.test(String(message))))
})

test('events whose fields have the wrong types are read for what they hold', async () => {
  const value = await conversation(
    jsonl(
      start({sessionId: 42, context: 'nowhere', startTime: 'yesterday'}),
      prompt(['not', 'text'] as unknown as string, {attachments: 'none'}),
      prompt('Real prompt', {attachments: [null, 3, {type: 'file'}]}),
      reply('Answer', {toolRequests: [null, {name: 7}, {toolCallId: 'c', name: 'bash', arguments: '{broken'}]}),
      event('tool.execution_complete', {toolCallId: 'c', success: 'yes', result: 12}),
      event('session.error', {message: null, statusCode: '400'}),
      event('session.shutdown', {modelMetrics: {m: 'x', n: {usage: 'y'}}})
    )
  )
  assert.equal(value.id, 'events')
  assert.equal(value.turns[0]?.parts[0]?.type === 'text' && value.turns[0].parts[0].text, 'Real prompt')
  const call = value.turns[1]?.parts.find((part) => part.type === 'tool-call')
  assert.equal(call?.type === 'tool-call' && call.input, '{broken')
  assert.equal(value.fidelity['empty-prompt'], 1)
})

test('a file of events without a single message fails with a clear message', async () => {
  const {conversations, file} = await read(jsonl(start(), event('session.shutdown', {modelMetrics: {}})))
  assert.equal(conversations.length, 0)
  assert.match(String(file.messages.at(-1)), /no Copilot session could be assembled/)
})
