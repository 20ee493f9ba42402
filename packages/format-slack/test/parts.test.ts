import assert from 'node:assert/strict'
import {test} from 'vitest'
import {channels, message, readFolder, texts, ts, users} from './helpers.js'

const day = 24 * 60

/** Three days of #general: a thread starts on the first day and is answered on the third. */
const general = {
  'users.json': users,
  'channels.json': channels,
  'general/2024-03-04.json': [
    message(0, 'U1', 'thread start', {thread_ts: ts(0), reply_count: 2}),
    message(1, 'U2', 'first reply', {thread_ts: ts(0), parent_user_id: 'U1'}),
    message(2, 'U2', 'day one')
  ],
  'general/2024-03-05.json': [message(day, 'U1', 'day two a'), message(day + 1, 'U2', 'day two b')],
  'general/2024-03-06.json': [
    message(2 * day, 'U2', 'late reply', {thread_ts: ts(0), parent_user_id: 'U1'}),
    message(2 * day + 1, 'U1', 'day three')
  ]
}

test('a channel over slackPartMessages is cut at day files into parts, each its own note, losing nothing', async () => {
  const {conversations, file} = await readFolder(general, {formatOptions: {slackPartMessages: 3}})
  assert.deepEqual(file.messages.map(String), [])
  assert.deepEqual(
    conversations.map((conversation) => [conversation.id, conversation.title]),
    [
      ['C1', '#general · part 1'],
      ['C1:part-2', '#general · part 2']
    ]
  )
  assert.deepEqual(
    conversations.map((conversation) => conversation.turns.flatMap(texts)),
    [
      ['thread start', 'first reply', 'day one'],
      ['day two a', 'day two b', 'late reply', 'day three']
    ]
  )
  // The late reply's thread began in part 1: it says whose thread it answers, as the whole channel would.
  const late = conversations[1]?.turns.find((turn) => texts(turn).includes('late reply'))
  assert.deepEqual(late?.reply, {parent: 'present', starter: 'Ada'})
  assert.equal(conversations[1]?.createdAt, '2024-03-05T09:00:00.000Z')
})

test('a channel under slackPartMessages is one note, as before', async () => {
  const {conversations} = await readFolder(general, {formatOptions: {slackPartMessages: 7}})
  assert.deepEqual(
    conversations.map((conversation) => [conversation.id, conversation.title]),
    [['C1', '#general']]
  )
  // Whole, the late reply goes under its thread.
  assert.deepEqual(conversations[0]?.turns.flatMap(texts).slice(0, 3), ['thread start', 'first reply', 'late reply'])
})

test('a day of twice slackPartMessages is cut inside; split by day, only that day gets parts', async () => {
  const busy = {
    'users.json': users,
    'channels.json': channels,
    'general/2024-03-04.json': [0, 1, 2, 3, 4].map((minute) => message(minute, 'U1', `busy ${minute}`)),
    'general/2024-03-05.json': [message(day, 'U2', 'quiet')]
  }
  const {conversations, file} = await readFolder(busy, {formatOptions: {slackPartMessages: 2, slackSplit: 'day'}})
  assert.deepEqual(file.messages.map(String), [])
  assert.deepEqual(
    conversations.map((conversation) => [conversation.id, conversation.title, conversation.turns.flatMap(texts)]),
    [
      ['C1:2024-03-04', '#general · 2024-03-04', ['busy 0', 'busy 1', 'busy 2', 'busy 3']],
      ['C1:2024-03-04:part-2', '#general · 2024-03-04 · part 2', ['busy 4']],
      ['C1:2024-03-05', '#general · 2024-03-05', ['quiet']]
    ]
  )
})

test('problems are counted in the part they were met in', async () => {
  const {conversations} = await readFolder(
    {
      'users.json': users,
      'general/2024-03-04.json': [message(0, 'U1', 'one'), message(1, 'U1', 'two')],
      'general/2024-03-05.json': [message(day, 'U1', 'three'), {type: 'not a message'}]
    },
    {formatOptions: {slackPartMessages: 2}}
  )
  assert.deepEqual(
    conversations.map((conversation) => conversation.fidelity['unreadable-record'] ?? 0),
    [0, 1]
  )
})
