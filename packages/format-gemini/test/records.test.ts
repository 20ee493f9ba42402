import assert from 'node:assert/strict'
import {test} from 'vitest'
import {at, conversation, header, jsonl, modelLine, read, toolCalls, userLine} from './helpers.js'

const call = (id: string, name: string, response: unknown, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  args: {},
  result: [{functionResponse: {id, name, response}}],
  status: 'success',
  timestamp: at(2),
  resultDisplay: '',
  ...extra
})

test("a functionResponse error is the call's result, marked as an error", async () => {
  const value = await conversation(
    jsonl(
      header,
      userLine('u1', 'Read missing.txt'),
      modelLine('m1', '', [
        call('c1', 'read_file', {error: 'File not found: missing.txt'}, {status: 'error', args: {path: 'missing.txt'}})
      ])
    )
  )
  assert.deepEqual(toolCalls(value)[0]?.result, {text: 'File not found: missing.txt', isError: true})
})

test('a functionResponse without output or error is shown as JSON', async () => {
  const value = await conversation(
    jsonl(
      header,
      userLine('u1', 'Weather?'),
      modelLine('m1', '', [call('c1', 'get_weather', {content: [{type: 'text', text: '21°C'}]})])
    )
  )
  assert.deepEqual(toolCalls(value)[0]?.result, {
    text: JSON.stringify({content: [{type: 'text', text: '21°C'}]}, null, 2)
  })
})

test("a subagent call shows the agent's final result, else the model-facing response", async () => {
  const progress = (result?: string) => ({
    isSubagentProgress: true,
    agentName: 'codebase_investigator',
    recentActivity: [],
    ...(result === undefined ? {} : {result})
  })
  const value = await conversation(
    jsonl(
      header,
      userLine('u1', 'Who calls paginate?'),
      modelLine('m1', '', [
        call('c1', 'codebase_investigator', {output: 'raw report'}, {resultDisplay: progress('Three callers.')}),
        call('c2', 'codebase_investigator', {output: 'raw report 2'}, {resultDisplay: progress()})
      ])
    )
  )
  assert.deepEqual(
    toolCalls(value).map((part) => part.result?.text),
    ['Three callers.', 'raw report 2']
  )
})

test('a log without its header line is read, with a warning that the CLI would not load it', async () => {
  const {conversations, file} = await read(jsonl(userLine('u1', 'hi'), modelLine('m1', 'hello')))
  assert.equal(conversations.length, 1)
  assert.deepEqual(
    file.messages.map((message) => [message.ruleId, message.fatal]),
    [['missing-header', false]]
  )
})

test('model and info messages with nothing in them are counted as empty, not shown', async () => {
  const value = await conversation(
    jsonl(
      header,
      userLine('u1', 'hi'),
      modelLine('m0', ''),
      {id: 'i1', timestamp: at(3), type: 'info', content: ''},
      modelLine('m1', 'hello', [], 4)
    )
  )
  assert.deepEqual(value.fidelity, {'empty-message': 2})
  assert.deepEqual(
    value.turns.map((turn) => turn.id),
    ['u1', 'm1']
  )
})

test('a message of an unknown type with content is kept, with the role other, and counted', async () => {
  const value = await conversation(
    jsonl(header, userLine('u1', 'hi'), {id: 'x1', timestamp: at(2), type: 'hologram', content: 'a new kind'})
  )
  assert.deepEqual(value.turns.at(-1), {
    id: 'x1',
    role: 'other',
    timestamp: at(2),
    parts: [{type: 'text', text: 'a new kind'}]
  })
  assert.deepEqual(value.fidelity, {'unknown-message-type': 1})
})
