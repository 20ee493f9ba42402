import assert from 'node:assert/strict'
import {test} from 'vitest'
import {createSample, inputFromFolder, sampleFromBytes} from '@chatmark/core'
import {slack} from '@chatmark/format-slack'
import {channels, folder, message, readExport, texts, users} from './helpers.js'

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

test('an export of more files than a sample lists is still recognised by its root files', async () => {
  // Channel folders sort before `channels.json` and `users.json`: 24,000 day files listed first hid them.
  const paths = ['channels.json', 'users.json']
  for (let index = 0; index < 12_000; index++) paths.push(`c-${index}/2024-03-04.json`, `c-${index}/2024-03-05.json`)
  paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const files: Record<string, unknown> = {
    'channels.json': channels,
    'users.json': users,
    'c-0/2024-03-04.json': [message(0, 'U1', 'hi')]
  }
  const sample = await createSample(
    {
      name: 'export',
      async *open() {},
      async head() {
        return new Uint8Array(0)
      },
      async entries() {
        return paths.map((path) => ({path}))
      },
      async *openEntry(path) {
        yield Buffer.from(JSON.stringify(files[path] ?? [message(0, 'U1', 'hi')]))
      }
    },
    65536
  )
  assert.equal(plugin.detect(sample).confidence, 'certain')
})
