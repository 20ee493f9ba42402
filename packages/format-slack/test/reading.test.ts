import assert from 'node:assert/strict'
import {test} from 'vitest'
import {createNormalizer, inputFromString} from '@chatmark/core'
import {slack} from '@chatmark/format-slack'
import {channels, message, readFolder, readPath, texts, ts, users} from './helpers.js'

test('reading a folder without day files as Slack fails with the reason', async () => {
  const {conversations, file} = await readFolder(
    {'users.json': users, 'channels.json': channels, 'notes.txt': 'not an export'},
    {format: 'slack'}
  )
  assert.deepEqual(conversations, [])
  assert.equal(file.messages.length, 1)
  assert.equal(file.messages[0]?.fatal, true)
  assert.match(file.messages[0]?.reason ?? '', /found no day files in \/\S+\/chatmark-slack-\w+$/)
})

test('reading a JSON array without Slack messages as a day file fails with the reason', async () => {
  const normalizer = createNormalizer({builtins: [slack()]})
  const {conversations, file} = await normalizer.normalize(
    inputFromString(JSON.stringify([{title: 't', mapping: {}, current_node: 'n'}]), 'conversations.json'),
    {format: 'slack'}
  )
  assert.deepEqual(conversations, [])
  assert.match(
    file.messages[0]?.reason ?? '',
    /expected a Slack day file \(a JSON array of \{type: "message", ts: "<seconds>\.<sequence>"\} records\)/
  )
})

test('an empty day file in an export is reported and counted; the other days are kept', async () => {
  const {conversations, file} = await readFolder({
    'users.json': users,
    'general/2024-03-04.json': '',
    'general/2024-03-05.json': [message(24 * 60, 'U1', 'kept')]
  })
  assert.deepEqual(
    file.messages.map((entry) => entry.ruleId),
    ['unreadable-day-file']
  )
  assert.match(
    file.messages[0]?.reason ?? '',
    /^Could not read the day file \/\S+\/general\/2024-03-04\.json \(expected a JSON array or object, found nothing\): /
  )
  assert.equal(conversations[0]?.fidelity['unreadable-day-file'], 1)
  assert.deepEqual(texts(conversations[0]?.turns[0]), ['kept'])
})

test('a users.json cut off mid-record is reported, and its ids are left as ids', async () => {
  const {conversations, file} = await readFolder({
    'users.json': '[{"id": "U1", "name": "ada", "profile": {"display_name": "Ada"}}, {"id": "U2", "na',
    'general/2024-03-04.json': [message(0, 'U1', 'hi <@U1>')]
  })
  assert.deepEqual(
    file.messages.map((entry) => entry.ruleId),
    ['unreadable-root-file']
  )
  assert.match(file.messages[0]?.reason ?? '', /^Could not read users\.json \(the input is not valid JSON/)
  assert.deepEqual(conversations[0]?.participants, [{id: 'U1', name: 'U1', kind: 'human'}])
  assert.deepEqual(texts(conversations[0]?.turns[0]), ['hi @U1'])
})

test('a broken users.json beside a lone day file is reported with its path, and ids are left as ids', async () => {
  const {conversations, file} = await readPath(
    {'users.json': '[{"id": "U1", "na', 'general/2024-03-04.json': [message(0, 'U1', 'hi')]},
    'general/2024-03-04.json'
  )
  assert.equal(file.messages.length, 1)
  assert.equal(file.messages[0]?.ruleId, 'unreadable-root-file')
  assert.match(file.messages[0]?.reason ?? '', /^Could not read \/\S+\/users\.json \(the input is not valid JSON/)
  assert.deepEqual(conversations[0]?.participants, [{id: 'U1', name: 'U1', kind: 'human'}])
})

test('a lone file of messages not named by its day is split by UTC day with slackSplit day', async () => {
  const {conversations} = await readPath(
    {
      'general/history.json': [
        message(0, 'U1', 'monday'),
        message(24 * 60, 'U1', 'tuesday'),
        {type: 'message', ts: ts(24 * 60 + 1), user: 'U2', text: 'also tuesday'}
      ]
    },
    'general/history.json',
    {slackSplit: 'day'}
  )
  assert.deepEqual(
    conversations.map((conversation) => [conversation.id, conversation.title, conversation.turns.length]),
    [
      ['general:2024-03-04', '#general · 2024-03-04', 1],
      ['general:2024-03-05', '#general · 2024-03-05', 2]
    ]
  )
})
