import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {ToolCallPart} from '@chatmark/core'
import {sampleFromBytes} from '@chatmark/core'
import {chatgpt} from '@chatmark/format-chatgpt'
import type {Json} from './helpers.js'
import {message, one, partsOf, read, say, simple, t0} from './helpers.js'

test(
  "a conversation's default_model_slug names the model when no message does, and gizmo_id a custom " + 'GPT',
  async () => {
    const value = await one({
      ...simple(say('u', 'user', 'Hi', 0), say('a', 'assistant', 'Hello', 1)),
      default_model_slug: 'gpt-4',
      gizmo_id: 'g-abc123'
    })
    assert.deepEqual(value.metadata, {models: ['gpt-4'], extra: {gizmo_id: 'g-abc123'}})
  }
)

test('tool output with no call before it is a call known by its tool name; empty output is only counted', async () => {
  const value = await one(
    simple(
      say('u', 'user', 'Summarise the upload.', 0),
      message('t1', 'tool', {content_type: 'text', parts: ['All the files uploaded by the user are loaded.']}, t0 + 1, {
        name: 'myfiles_browser'
      }),
      message('t2', 'tool', {content_type: 'text', parts: ['']}, t0 + 2, {name: 'myfiles_browser'}),
      say('a', 'assistant', 'It is a budget.', 3)
    )
  )
  assert.deepEqual(partsOf<ToolCallPart>(value, 'tool-call'), [
    {
      type: 'tool-call',
      text: 'myfiles_browser',
      name: 'myfiles_browser',
      input: undefined,
      result: {text: 'All the files uploaded by the user are loaded.'}
    }
  ])
  assert.deepEqual(value.fidelity, {'empty-tool-output': 1})
})

test('items of an export that are not conversations are reported by what they are, and skipped', async () => {
  // A conversation with neither a title nor an id (conversation_id undefined is left out of the JSON).
  const blank: Json = {
    ...simple(message('s', 'system', {content_type: 'text', parts: ['']}, null)),
    title: '',
    id: null,
    conversation_id: undefined
  }
  const {conversations, file} = await read([[], {title: 'x'}, null, 42, blank, simple(say('u', 'user', 'kept', 0))])
  assert.equal(conversations.length, 1)
  assert.deepEqual(
    file.messages.map((item) => item.reason),
    [
      'Item 1 of the export is an array, not a conversation: skipped',
      'Item 2 of the export is an object without a mapping, not a conversation: skipped',
      'Item 3 of the export is a null, not a conversation: skipped',
      'Item 4 of the export is a number, not a conversation: skipped',
      'Conversation 5 (id #5) has no message to show: skipped'
    ]
  )
})

test('a conversation with an empty mapping and a current_node is likely ChatGPT', () => {
  const value = {title: 'Empty', create_time: t0, update_time: t0, mapping: {}, current_node: null, id: 'c-9'}
  assert.deepEqual(
    chatgpt().detect(sampleFromBytes(Buffer.from(JSON.stringify(value)), {name: 'x.json', complete: true})),
    {
      confidence: 'likely',
      reason: 'object with an empty mapping and current_node',
      variant: 'chatgpt-conversation'
    }
  )
})
