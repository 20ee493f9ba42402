import assert from 'node:assert/strict'
import {test} from 'vitest'
import {channels, markdown, message, notices, readDay, readExport, texts, ts, users} from './helpers.js'

test('pins, unarchiving, integrations and conversions to private become channel-event notices', async () => {
  const [conversation] = await readExport({
    'users.json': users,
    'general/2024-03-04.json': [
      message(0, 'U1', '<@U1> pinned a message to this channel.', {subtype: 'pinned_item'}),
      message(1, 'U1', '', {subtype: 'unpinned_item'}),
      message(2, 'U1', '', {subtype: 'channel_unarchive'}),
      message(3, 'U1', 'added an integration to this channel: <https://x.slack.com/services/B1|deploybot>', {
        subtype: 'bot_add',
        bot_id: 'B1'
      }),
      message(4, 'U2', '', {subtype: 'channel_convert_to_private'})
    ]
  })
  assert.deepEqual(
    notices(conversation!).map((notice) => [notice.kind, notice.text]),
    [
      ['channel-event', 'Ada pinned a message to the channel'],
      ['channel-event', 'Ada unpinned a message from the channel'],
      ['channel-event', 'Ada unarchived the channel'],
      ['channel-event', 'added an integration to this channel: deploybot (https://x.slack.com/services/B1)'],
      ['channel-event', 'Grace Hopper: channel convert to private']
    ]
  )
})

test('the group_* events of a private channel read like channel events', async () => {
  const conversation = await readDay([
    message(0, 'U1', '<@U1> has joined the group', {subtype: 'group_join'}),
    message(1, 'U1', '', {subtype: 'group_topic', topic: ''}),
    message(2, 'U1', '', {subtype: 'group_purpose', purpose: ''})
  ])
  assert.deepEqual(
    notices(conversation).map((notice) => [notice.kind, notice.text]),
    [
      ['channel-event', 'U1 joined the channel'],
      ['channel-event', 'U1 cleared the channel topic'],
      ['channel-event', 'U1 cleared the channel description']
    ]
  )
})

test('a /me message and other subtypes without a notice are shown as the message', async () => {
  const [conversation] = await readExport({
    'users.json': users,
    'general/2024-03-04.json': [message(0, 'U1', 'is deploying', {subtype: 'me_message'})]
  })
  assert.deepEqual(
    conversation!.turns.map((turn) => [turn.role, turn.author, texts(turn)]),
    [['user', 'U1', ['is deploying']]]
  )
})

test('Slackbot, and a bot known only by its username, are bot participants', async () => {
  const conversation = await readDay([
    message(0, 'USLACKBOT', 'Reminder: stand-up.'),
    {type: 'message', subtype: 'bot_message', ts: ts(1), username: 'github', text: '3 new commits'}
  ])
  assert.deepEqual(conversation.participants, [
    {id: 'USLACKBOT', name: 'Slackbot', kind: 'bot'},
    {id: 'bot:github', name: 'github', kind: 'bot'}
  ])
  assert.deepEqual(
    conversation.turns.map((turn) => [turn.role, turn.author]),
    [
      ['other', 'USLACKBOT'],
      ['other', 'bot:github']
    ]
  )
})

test("a legacy file comment's author and words are its comment's (no top-level user)", async () => {
  // Exports until 2017: `file_comment` names its author only in `comment.user`; its `text` is Slack's own line.
  const conversation = await readDay([
    {
      type: 'message',
      subtype: 'file_comment',
      ts: ts(0),
      text: "<@U1|kim> commented on <@U2|lee>'s file <https://x.example/f|Plan>: Looks good.",
      comment: {user: 'U1', comment: 'Looks good.'}
    }
  ])
  assert.deepEqual(conversation.turns, [
    {
      id: ts(0),
      timestamp: '2024-03-04T09:00:00.000Z',
      role: 'user',
      author: 'U1',
      parts: [{type: 'text', text: 'Looks good.'}]
    }
  ])
  assert.deepEqual(conversation.participants, [{id: 'U1', name: 'U1', kind: 'human'}])
})

test('a message named only by `username` or `bot_profile` is a bot of that name', async () => {
  const conversation = await readDay([
    {type: 'message', ts: ts(0), username: 'Build status', text: 'passed'},
    {type: 'message', ts: ts(1), bot_profile: {id: 'B9', name: 'Calendar'}, text: 'soon'}
  ])
  assert.deepEqual(
    conversation.turns.map((turn) => [turn.role, turn.author]),
    [
      ['other', 'bot:Build status'],
      ['other', 'B9']
    ]
  )
  assert.deepEqual(conversation.participants, [
    {id: 'bot:Build status', name: 'Build status', kind: 'bot'},
    {id: 'B9', name: 'Calendar', kind: 'bot'}
  ])
})

test('a message with no text, file or reaction is counted as empty and not shown', async () => {
  const conversation = await readDay([
    message(0, 'U1', '', {subtype: 'huddle_thread', room: {id: 'R1'}}),
    message(1, 'U2', 'after the huddle')
  ])
  assert.equal(conversation.fidelity['empty-message'], 1)
  assert.deepEqual(
    conversation.turns.map((turn) => texts(turn)),
    [['after the huddle']]
  )
})

test('an edited message keeps its text as it is, and says when it was edited', async () => {
  assert.equal(await markdown('fix:\n```a = 1```', {edited: {user: 'U1', ts: ts(1)}}), 'fix:\n\n```\na = 1\n```')
  const [turn] = (await readDay([message(0, 'U1', 'fixed', {edited: {user: 'U1', ts: ts(1)}})])).turns
  assert.deepEqual(turn?.edited, {timestamp: new Date(Number(ts(1).split('.')[0]) * 1000).toISOString()})
  const [unknown] = (await readDay([message(0, 'U1', 'fixed', {edited: {user: 'U1'}})])).turns
  assert.deepEqual(unknown?.edited, {})
  const [plain] = (await readDay([message(0, 'U1', 'fixed')])).turns
  assert.equal(plain?.edited, undefined)
})

test(
  'legacy attachments are quotes: pretext, linked title, text, and the fallback when nothing else is ' + 'there',
  async () => {
    assert.equal(
      await markdown('see', {
        attachments: [
          {
            pretext: 'New *PR*',
            title: 'Fix parser',
            title_link: 'https://github.com/a/b/pull/1',
            text: 'Closes #2',
            fallback: 'PR'
          },
          {fallback: '[a/b] 3 new commits'}
        ]
      }),
      'see\n\n> New **PR**\n>\n> **[Fix parser](https://github.com/a/b/pull/1)**\n>\n> Closes #2\n\n' +
        '> \\[a/b] 3 new commits'
    )
  }
)

test('an attachment titled with a private file address keeps the title without the address', async () => {
  assert.equal(
    await markdown('', {
      attachments: [{title: 'report.pdf', title_link: 'https://files.slack.com/files-pri/T1-F1/report.pdf'}]
    }),
    '> **report.pdf**'
  )
})

test('bold and italic may hold mentions and inline code, and a user group without a label keeps its id', async () => {
  assert.equal(
    await markdown('*ask <@U2|grace*> first* and _run `rm tmp_` now_, <!subteam^S1>'),
    '**ask @grace\\* first** and _run `rm tmp_` now_, @S1'
  )
})

test('a thread reply whose first message is not in the input says whose thread it was, when known', async () => {
  const conversation = await readDay([
    message(0, 'U2', 'reply to Ada', {thread_ts: ts(-60), parent_user_id: 'U1'}),
    message(1, 'U2', 'reply to someone', {thread_ts: ts(-30)})
  ])
  assert.deepEqual(
    conversation.turns.map((turn) => [turn.reply, texts(turn)]),
    [
      [{parent: 'missing', starter: 'U1'}, ['reply to Ada']],
      [{parent: 'missing'}, ['reply to someone']]
    ]
  )
})

test('direct and group messages are titled by the people in them and identified by their conversation id', async () => {
  const conversations = await readExport({
    'users.json': users,
    'dms.json': [{id: 'D1', created: 1709542800, members: ['U1', 'U2']}],
    'mpims.json': [{id: 'G1', name: 'mpdm-ada--grace--linus-1', members: ['U1', 'U2', 'U3']}],
    'D1/2024-03-04.json': [message(0, 'U1', 'hi Grace')],
    'mpdm-ada--grace--linus-1/2024-03-04.json': [message(0, 'U3', 'hi all')]
  })
  assert.deepEqual(
    conversations.map((conversation) => [conversation.id, conversation.title]),
    [
      ['D1', 'Direct messages: Ada, Grace Hopper'],
      ['G1', 'Group messages: Ada, Grace Hopper, linus']
    ]
  )
})

test("an archived channel's description and archived flag go into the metadata", async () => {
  const [conversation] = await readExport({
    'channels.json': [
      ...channels,
      {id: 'C3', name: 'old', is_archived: true, members: [], topic: {value: ''}, purpose: {value: 'Old <#C1>'}}
    ],
    'old/2024-03-04.json': [message(0, 'U1', 'bye')]
  })
  assert.deepEqual(conversation!.metadata, {extra: {purpose: 'Old #general', archived: true}})
})
