import assert from 'node:assert/strict'
import {test} from 'vitest'
import {createSample, inputFromFolder, sampleFromBytes} from '@chatmark/core'
import {slack} from '@chatmark/format-slack'
import {folder, message, readExport, texts} from './helpers.js'

const plugin = slack()

test('a JSON array in which message records are a minority is only possibly a Slack day file', () => {
  const records = [message(0, 'U1', 'hi'), {type: 'event', id: 1}, {type: 'event', id: 2}, {type: 'event', id: 3}]
  assert.deepEqual(
    plugin.detect(sampleFromBytes(Buffer.from(JSON.stringify(records)), {name: 'x.json', complete: true})),
    {
      confidence: 'possible',
      reason: 'JSON array with only 1 of 4 records {type: "message", ts}',
      variant: 'slack-day-file'
    }
  )
})

test('channel folders of day files without users.json or channels.json are possibly a Slack export', async () => {
  const sample = await createSample(
    await inputFromFolder(
      await folder({
        'general/2024-03-04.json': [message(0, 'U1', 'hi')],
        'random/2024-03-04.json': [message(0, 'U2', 'yo')]
      })
    ),
    65536
  )
  assert.deepEqual(plugin.detect(sample), {
    confidence: 'possible',
    reason: '2 file(s) <folder>/YYYY-MM-DD.json without users.json or channels.json',
    variant: 'slack-export'
  })
})

test('channel folders without root files read as one conversation per folder, with ids as names', async () => {
  const conversations = await readExport({
    'general/2024-03-04.json': [message(0, 'U1', 'hi')],
    'random/2024-03-04.json': [message(0, 'U2', 'yo')]
  })
  assert.deepEqual(
    conversations.map((conversation) => [conversation.id, conversation.title, texts(conversation.turns[0])]),
    [
      ['general', '#general', ['hi']],
      ['random', '#random', ['yo']]
    ]
  )
})
