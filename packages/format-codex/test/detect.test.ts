import assert from 'node:assert/strict'
import {test} from 'vitest'
import {createNormalizer, defaultLimits, inputFromString, sampleFromBytes} from '@chatmark/core'
import {codex} from '@chatmark/format-codex'
import {at, jsonl, read, sample, texts} from './helpers.js'

const plugin = codex()
const userMessage = {type: 'message', role: 'user', content: [{type: 'input_text', text: 'Why do the tests fail?'}]}
const answer = {type: 'message', role: 'assistant', content: [{type: 'output_text', text: 'A typo in sum.ts.'}]}

/** A TS CLI rollout whose custom instructions are longer than the sample. */
const longDocument = JSON.stringify(
  {
    session: {timestamp: at(0), id: 'ts-1', instructions: 'Be brief. '.repeat(defaultLimits.sampleBytes / 5)},
    items: [userMessage, answer]
  },
  null,
  2
)

test('a TS CLI document whose items lie beyond the sample is likely Codex', () => {
  const head = Buffer.from(longDocument).subarray(0, defaultLimits.sampleBytes)
  assert.deepEqual(
    plugin.detect(sampleFromBytes(head, {name: 'rollout.json', complete: false, size: longDocument.length})),
    {
      confidence: 'likely',
      reason: 'top-level session {id, timestamp} in the head, items[] not seen yet',
      variant: 'codex-ts-json'
    }
  )
})

test('a TS CLI document whose items lie beyond the sample is detected and read whole', async () => {
  const {conversations, detection} = await createNormalizer({formats: [codex()]}).normalize(
    inputFromString(longDocument, 'rollout.json')
  )
  assert.equal(detection.format, 'codex')
  assert.equal(conversations[0]?.source.variant, 'codex-ts-json')
  assert.deepEqual(texts(conversations[0]!, 'user'), ['Why do the tests fail?'])
})

test('a TS CLI document written on one line is certain', () => {
  const document = JSON.stringify({session: {timestamp: at(0), id: 'ts-1'}, items: [userMessage]})
  assert.equal(sample(document).kind, 'jsonl')
  assert.deepEqual(plugin.detect(sample(document)), {
    confidence: 'certain',
    reason: 'top-level session {id, timestamp} and items[] (Codex TS CLI)',
    variant: 'codex-ts-json'
  })
})

test('a TS CLI document written on one line reads like a pretty-printed one', async () => {
  const document = JSON.stringify({session: {timestamp: at(0), id: 'ts-1'}, items: [userMessage, answer]})
  const {conversations} = await read(document, {name: 'rollout.json'})
  assert.equal(conversations[0]?.source.variant, 'codex-ts-json')
  assert.deepEqual(texts(conversations[0]!, 'assistant'), ['A typo in sum.ts.'])
})

test('envelope lines without timestamps are likely Codex', () => {
  const text = jsonl(
    {type: 'session_meta', payload: {id: 'x'}},
    {type: 'response_item', payload: userMessage},
    {type: 'response_item', payload: answer}
  )
  assert.deepEqual(plugin.detect(sample(text)), {
    confidence: 'likely',
    reason: 'JSONL envelope lines {type, payload} without a known Codex line kind and timestamp',
    variant: 'codex-envelope'
  })
})

test('a legacy session line followed by bare response items, without state lines, is certain', () => {
  const text = jsonl({id: 'x', timestamp: at(0)}, userMessage, {type: 'reasoning', summary: []}, answer)
  assert.deepEqual(plugin.detect(sample(text)), {
    confidence: 'certain',
    reason: 'first line {id, timestamp} and bare response items (legacy Codex JSONL)',
    variant: 'codex-legacy-jsonl'
  })
})

test('a lone legacy session line with instructions is likely Codex', () => {
  assert.deepEqual(plugin.detect(sample(jsonl({id: 'x', timestamp: at(0), instructions: 'Be brief.'}))), {
    confidence: 'likely',
    reason: 'a lone line {id, timestamp, instructions/git} (legacy Codex session meta)',
    variant: 'codex-legacy-jsonl'
  })
})

test('bare response items without a session line are possibly Codex', () => {
  const text = jsonl(
    userMessage,
    {type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'c1'},
    {type: 'function_call_output', call_id: 'c1', output: 'a.txt'},
    {record_type: 'state'},
    answer
  )
  assert.deepEqual(plugin.detect(sample(text)), {
    confidence: 'possible',
    reason: 'JSONL of bare Responses API items without a session line',
    variant: 'codex-legacy-jsonl'
  })
})

test('messages without typed text content do not count as legacy items', () => {
  const text = jsonl({id: 'x', timestamp: at(0)}, {type: 'message', role: 'user', content: 'hi'})
  assert.equal(plugin.detect(sample(text)).confidence, 'none')
})

test('reading another pretty-printed JSON document as Codex fails with what was found instead', async () => {
  const chatgpt = await read(JSON.stringify([{title: 't', mapping: {}, current_node: 'n'}], null, 2), {
    name: 'conversations.json'
  })
  assert.deepEqual(chatgpt.conversations, [])
  assert.match(chatgpt.file.messages[0]?.reason ?? '', /found a JSON array$/)
  const gemini = await read(
    JSON.stringify({sessionId: 's', projectHash: 'p', startTime: at(0), messages: []}, null, 2),
    {name: 'session.json'}
  )
  assert.match(gemini.file.messages[0]?.reason ?? '', /found a JSON object without session \{id\} and items\[\]$/)
})
