import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {AttachmentPart, CodePart, NoticePart, ThinkingPart, ToolCallPart} from '@chatmark/core'
import {message, one, partsOf, say, simple, t0, texts} from './helpers.js'

test("a tool's text output is the result of the call addressed to it", async () => {
  const value = await one(
    simple(
      say('u', 'user', 'Remember that I like cats.', 0),
      say('a', 'assistant', 'User likes cats.', 1, {recipient: 'bio'}),
      message('t', 'tool', {content_type: 'text', parts: ['Model set context updated.']}, t0 + 2, {name: 'bio'}),
      say('b', 'assistant', 'Noted.', 3)
    )
  )
  assert.deepEqual(partsOf<ToolCallPart>(value, 'tool-call'), [
    {
      type: 'tool-call',
      text: 'bio',
      name: 'bio',
      input: 'User likes cats.',
      result: {text: 'Model set context updated.'}
    }
  ])
})

test('assistant text on the analysis channel is thinking, not the answer', async () => {
  const value = await one(
    simple(
      say('u', 'user', 'Is 91 prime?', 0),
      say('an', 'assistant', '91 = 7 × 13.', 1, {channel: 'analysis'}),
      say('a', 'assistant', 'No: 91 is 7 × 13.', 2, {channel: 'final'})
    )
  )
  assert.deepEqual(partsOf<ThinkingPart>(value, 'thinking'), [{type: 'thinking', text: '91 = 7 × 13.'}])
  assert.deepEqual(texts(value, 'assistant'), ['No: 91 is 7 × 13.'])
})

test('an Operator screenshot is a notice that the export holds no text for it, and it is counted', async () => {
  const value = await one(
    simple(
      say('u', 'user', 'Book a table.', 0),
      message(
        'op',
        'tool',
        {
          content_type: 'computer_output',
          computer_id: 'c1',
          screenshot: {content_type: 'image_asset_pointer', asset_pointer: 'file-service://file-s'},
          state: {type: 'browser_state', url: 'https://restaurant.example'}
        },
        t0 + 1,
        {name: 'computer.do'}
      ),
      say('a', 'assistant', 'Booked for 7 pm.', 2)
    )
  )
  assert.deepEqual(partsOf<NoticePart>(value, 'notice'), [
    {
      type: 'notice',
      level: 'info',
      kind: 'computer-output',
      text: 'Operator computer output (a screenshot of the remote browser; not included in the export text)'
    }
  ])
  assert.deepEqual(value.fidelity, {'computer-output': 1})
})

test('a multimodal part of an unknown type is a warning notice and is counted', async () => {
  const value = await one(
    simple(
      message(
        'u',
        'user',
        {content_type: 'multimodal_text', parts: ['Look:', {content_type: 'hologram_pointer', id: 'h1'}]},
        t0
      ),
      say('a', 'assistant', 'I cannot see holograms.', 1)
    )
  )
  assert.deepEqual(value.turns[0]?.parts, [
    {type: 'text', text: 'Look:'},
    {
      type: 'notice',
      level: 'warning',
      kind: 'unknown-content',
      text: 'A part of an unknown type, hologram_pointer (not shown)'
    }
  ])
  assert.deepEqual(value.fidelity, {'unknown-part': 1})
})

test('voice mode audio is an audio attachment that keeps its nested asset pointer', async () => {
  const value = await one(
    simple(
      message(
        'u',
        'user',
        {
          content_type: 'multimodal_text',
          parts: [
            {content_type: 'audio_transcription', text: 'What time is it in Tokyo?', direction: 'in'},
            {
              content_type: 'real_time_user_audio_video_asset_pointer',
              expiry_datetime: null,
              frames_asset_pointers: [],
              audio_asset_pointer: {
                content_type: 'audio_asset_pointer',
                asset_pointer: 'sediment://file_audio1',
                size_bytes: 96000,
                format: 'wav'
              }
            }
          ]
        },
        t0
      ),
      say('a', 'assistant', 'It is 7 pm in Tokyo.', 1)
    )
  )
  assert.deepEqual(partsOf<AttachmentPart>(value, 'attachment'), [
    {type: 'attachment', text: 'audio', reference: 'sediment://file_audio1'}
  ])
  assert.deepEqual(texts(value, 'user'), ['What time is it in Tokyo?'])
})

test('a code message becomes a code part with its text as written (a fence inside included)', async () => {
  const value = await one(
    simple(
      say('u', 'user', 'Write a README snippet.', 0),
      message(
        'c',
        'assistant',
        {content_type: 'code', language: 'markdown', text: 'Run:\n```sh\nnpm test\n```\n'},
        t0 + 1
      )
    )
  )
  assert.deepEqual(partsOf<CodePart>(value, 'code'), [
    {type: 'code', text: 'Run:\n```sh\nnpm test\n```\n', language: 'markdown'}
  ])
  assert.deepEqual(texts(value, 'assistant'), [])
})

test(
  'a thought with only a summary shows the summary; thoughts with nothing in them are an empty ' + 'message',
  async () => {
    const value = await one(
      simple(
        say('u', 'user', 'Plan a trip.', 0),
        message('th0', 'assistant', {content_type: 'thoughts', thoughts: [{summary: ' ', content: ''}]}, t0 + 1),
        message(
          'th1',
          'assistant',
          {content_type: 'thoughts', thoughts: [{summary: 'Checking trains', content: ''}]},
          t0 + 2
        ),
        say('a', 'assistant', 'Take the 9:10 train.', 3)
      )
    )
    assert.deepEqual(partsOf<ThinkingPart>(value, 'thinking'), [{type: 'thinking', text: 'Checking trains'}])
    assert.deepEqual(value.fidelity, {'empty-message': 1})
  }
)

test('a redacted message is counted, not shown', async () => {
  const value = await one(
    simple(
      say('u', 'user', 'Hello', 0),
      say('r', 'assistant', 'removed text', 1, {metadata: {is_redacted: true}}),
      say('a', 'assistant', 'Hi!', 2)
    )
  )
  assert.deepEqual(texts(value), ['Hello', 'Hi!'])
  assert.deepEqual(value.fidelity, {'redacted-message': 1})
})

test('a python run that failed is an error result, whatever kind of failure the export names', async () => {
  // Real exports write `failed_with_in_kernel_exception` (a raised exception) and
  // other `failed_with_*` statuses; `success` and a missing status are not errors.
  const run = (status: string | undefined) =>
    one(
      simple(
        say('u', 'user', 'Divide by zero, please.', 0),
        message('c', 'assistant', {content_type: 'code', language: 'unknown', text: '1/0'}, t0 + 1, {
          recipient: 'python'
        }),
        message('o', 'tool', {content_type: 'execution_output', text: 'ZeroDivisionError'}, t0 + 2, {
          name: 'python',
          metadata: status === undefined ? {} : {aggregate_result: {status}}
        }),
        say('a', 'assistant', 'That raised ZeroDivisionError.', 3)
      )
    ).then((value) => partsOf<ToolCallPart>(value, 'tool-call')[0]?.result)
  for (const status of [
    'failed_with_in_kernel_exception',
    'failed_with_system_exception',
    'failed',
    'error',
    'cancelled'
  ]) {
    assert.deepEqual(await run(status), {text: 'ZeroDivisionError', isError: true}, status)
  }
  for (const status of ['success', undefined]) {
    assert.deepEqual(await run(status), {text: 'ZeroDivisionError'}, String(status))
  }
})
