import assert from 'node:assert/strict'
import {mkdir, mkdtemp, readFile, readdir, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {test} from 'vitest'
import {fileURLToPath} from 'node:url'
import type {AttachmentPart, Conversation, Sample, TextNotice, Turn} from '@chatmark/core'
import {
  createNormalizer,
  createSample,
  inputFromFolder,
  inputFromPath,
  inputFromString,
  sampleFromBytes,
  toNote
} from '@chatmark/core'
import * as api from '@chatmark/format-slack'
import {slack} from '@chatmark/format-slack'
import {emojiOf} from '../src/emoji-of.js'
import {fixtureCases} from '../../../test/util/fixtures.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const plugin = slack()

const day4 = 1709542800 // 2024-03-04T09:00:00Z
const ts = (minutes: number, sequence = 0, base = day4): string =>
  `${base + minutes * 60}.${String(sequence).padStart(6, '0')}`
const message = (
  minutes: number,
  user: string,
  text: string,
  extra: Record<string, unknown> = {}
): Record<string, unknown> => ({
  type: 'message',
  ts: ts(minutes),
  user,
  text,
  ...extra
})
const users = [
  {id: 'U1', name: 'ada', real_name: 'Ada Lovelace', profile: {display_name: 'Ada', real_name: 'Ada Lovelace'}},
  {id: 'U2', name: 'grace', real_name: 'Grace Hopper', profile: {display_name: '', real_name: 'Grace Hopper'}},
  {id: 'U3', name: 'linus', profile: {}},
  {id: 'U4', name: 'deploybot', is_bot: true, profile: {real_name: 'Deploy Bot', display_name: ''}}
]
const channels = [{id: 'C1', name: 'general', members: ['U1', 'U2'], topic: {value: 'Releases'}, purpose: {value: ''}}]

/** Writes an export folder (paths to JSON values) under a fresh temporary folder. */
async function folder(files: Record<string, unknown>): Promise<string> {
  const base = await mkdtemp(join(tmpdir(), 'chatmark-slack-'))
  for (const [path, value] of Object.entries(files)) {
    await mkdir(dirname(join(base, path)), {recursive: true})
    await writeFile(join(base, path), JSON.stringify(value, null, 4))
  }
  return base
}

async function readExport(
  files: Record<string, unknown>,
  formatOptions: Record<string, unknown> = {}
): Promise<Conversation[]> {
  const normalizer = createNormalizer({builtins: [plugin]})
  const {conversations, file, detection} = await normalizer.normalize(await inputFromFolder(await folder(files)), {
    formatOptions
  })
  assert.equal(detection.format, 'slack')
  assert.deepEqual(file.messages.map(String), [])
  return conversations
}

async function readDay(messages: unknown[]): Promise<Conversation> {
  const normalizer = createNormalizer({builtins: [plugin]})
  const {conversations} = await normalizer.normalize(inputFromString(JSON.stringify(messages), '2024-03-04.json'), {
    format: 'slack'
  })
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

const texts = (turn: Turn | undefined): string[] =>
  (turn?.parts ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : []))
const body = (conversation: Conversation): string[] => conversation.turns.map((turn) => texts(turn).at(-1) ?? '')
// Slack's notices are all worded by its reader (channel events, deleted messages).
const notices = (conversation: Conversation): TextNotice[] =>
  conversation.turns.flatMap((turn) =>
    turn.parts.filter((part): part is TextNotice => part.type === 'notice' && 'text' in part)
  )
const sample = (value: unknown, complete = true): Sample =>
  sampleFromBytes(Buffer.from(JSON.stringify(value)), {name: 'x.json', complete})
const markdown = async (text: string): Promise<string> =>
  texts((await readDay([message(0, 'U1', text)])).turns[0]).join('\n')

test('the package exports exactly the slack factory', () => {
  assert.deepEqual(Object.keys(api).sort(), ['slack'])
})

test('the plugin names itself slack, reads .zip and .json, and describes itself in one line', () => {
  assert.equal(plugin.name, 'slack')
  assert.deepEqual(plugin.extensions, ['.zip', '.json'])
  assert.match(plugin.description, /^[^\n]+$/)
})

test('turns follow ts order across day files, comparing seconds and then the sequence as integers', async () => {
  const [conversation] = await readExport({
    'users.json': users,
    'channels.json': channels,
    'general/2024-03-05.json': [message(24 * 60, 'U1', 'third')],
    'general/2024-03-04.json': [
      {type: 'message', ts: `${day4}.000010`, user: 'U2', text: 'second'},
      {type: 'message', ts: `${day4}.000009`, user: 'U1', text: 'first'}
    ]
  })
  assert.deepEqual(body(conversation!), ['first', 'second', 'third'])
  assert.equal(conversation!.turns[0]!.timestamp, '2024-03-04T09:00:00.000Z')
  assert.equal(conversation!.createdAt, '2024-03-04T09:00:00.000Z')
  assert.equal(conversation!.updatedAt, '2024-03-05T09:00:00.000Z')
})

test(
  'turns are attributed to display name, else real name, else account name, else the message’s ' + 'user_profile',
  async () => {
    const conversation = await readExport({
      'users.json': users,
      'general/2024-03-04.json': [
        message(0, 'U1', 'a'),
        message(1, 'U2', 'b'),
        message(2, 'U3', 'c'),
        message(3, 'U9', 'd', {user_profile: {real_name: 'Guest Person', display_name: ''}})
      ]
    })
    assert.deepEqual(
      conversation[0]!.participants.map((participant) => participant.name),
      ['Ada', 'Grace Hopper', 'linus', 'Guest Person']
    )
  }
)

test('bots are named by bot_profile.name or username and are participants of kind bot with role other', async () => {
  const [conversation] = await readExport({
    'users.json': users,
    'general/2024-03-04.json': [
      message(0, 'U1', 'human'),
      {
        type: 'message',
        subtype: 'bot_message',
        ts: ts(1),
        bot_id: 'B1',
        username: 'ci',
        bot_profile: {name: 'CI Bot'},
        text: 'built'
      },
      {type: 'message', subtype: 'bot_message', ts: ts(2), bot_id: 'B2', username: 'hook', text: 'hooked'},
      message(3, 'U4', 'deployed', {bot_id: 'B4', bot_profile: {name: 'deploybot'}})
    ]
  })
  assert.deepEqual(conversation!.participants, [
    {id: 'U1', name: 'Ada', kind: 'human'},
    {id: 'B1', name: 'CI Bot', kind: 'bot'},
    {id: 'B2', name: 'hook', kind: 'bot'},
    {id: 'U4', name: 'deploybot', kind: 'bot'}
  ])
  assert.deepEqual(
    conversation!.turns.map((turn) => turn.role),
    ['user', 'other', 'other', 'other']
  )
  assert.ok(!conversation!.turns.some((turn) => turn.role === 'assistant'))
})

test('thread replies follow their parent, also when they sit in a later day file', async () => {
  const parent = ts(0)
  const [conversation] = await readExport({
    'users.json': users,
    'general/2024-03-04.json': [
      message(0, 'U1', 'parent', {thread_ts: parent, reply_count: 2}),
      message(5, 'U2', 'later channel message')
    ],
    'general/2024-03-05.json': [message(24 * 60, 'U3', 'reply next day', {thread_ts: parent, parent_user_id: 'U1'})],
    'general/2024-03-04.json.bak': []
  })
  assert.deepEqual(body(conversation!), ['parent', 'reply next day', 'later channel message'])
  assert.deepEqual(texts(conversation!.turns[1]), ['reply next day'])
  assert.deepEqual(conversation!.turns[1]?.reply, {parent: 'present', starter: 'Ada'})
})

test(
  'a reply broadcast to the channel appears once, in its thread, and says it was also sent to the ' + 'channel',
  async () => {
    const parent = ts(0)
    const [conversation] = await readExport({
      'users.json': users,
      'general/2024-03-04.json': [
        message(0, 'U1', 'parent', {thread_ts: parent}),
        message(1, 'U2', 'other'),
        message(2, 'U2', 'broadcast', {subtype: 'thread_broadcast', thread_ts: parent}),
        message(2, 'U2', 'broadcast', {subtype: 'thread_broadcast', thread_ts: parent})
      ]
    })
    assert.deepEqual(body(conversation!), ['parent', 'broadcast', 'other'])
    assert.deepEqual(texts(conversation!.turns[1]), ['broadcast'])
    assert.deepEqual(conversation!.turns[1]?.reply, {parent: 'present', starter: 'Ada', broadcast: true})
    assert.equal(conversation!.fidelity['duplicate-message'], 1)
  }
)

test('mentions, channel links, broadcasts, user groups and dates resolve to names', async () => {
  const text = await (async () => {
    const [conversation] = await readExport({
      'users.json': users,
      'channels.json': channels,
      'general/2024-03-04.json': [
        message(
          0,
          'U1',
          '<@U2> <@U9|old> <#C1> <#C7|random> <!here> <!channel> <!everyone> <!subteam^S1|@team> ' +
            '<!date^1392734382^{date_short}|Feb 18, 2014>'
        )
      ]
    })
    return body(conversation!)[0]
  })()
  assert.equal(text, '@Grace Hopper @old #general #random @here @channel @everyone @team Feb 18, 2014')
})

test('links become Markdown links, with the label when given and entities decoded in the address', async () => {
  assert.equal(
    await markdown('<https://x.example/a?b=1&amp;c=2|the page> <https://y.example> <mailto:a@b.example|a@b.example>'),
    '[the page](https://x.example/a?b=1\\&c=2) <https://y.example> <a@b.example>'
  )
})

test('an address of another scheme than the web, mail or Slack stays text, never a live link', async () => {
  assert.equal(
    await markdown('<javascript:alert(1)|x> <data:text/html,hi> <tel:+15550100|call us>'),
    'x (javascript:alert(1)) data:text/html,hi [call us](tel:+15550100)'
  )
})

test(
  'bold, italic, strike and inline code become strong, emphasis, delete and code; snake_case and 2 * 3 stay ' + 'text',
  async () => {
    assert.equal(
      await markdown('*bold* _italic_ ~strike~ `a *b* <@U1>` *_both_* snake_case_name 2 * 3'),
      '**bold** _italic_ ~~strike~~ `a *b* @U1` **_both_** snake_case_name 2 \\* 3'
    )
  }
)

test('code blocks keep their content, with entities decoded and no language', async () => {
  assert.equal(
    await markdown('look:\n```if (a &lt; b &amp;&amp; c) {\n  *x*\n}```'),
    'look:\n\n```\nif (a < b && c) {\n  *x*\n}\n```'
  )
})

test('quoted lines become a block quote and bullet or numbered lines become lists', async () => {
  assert.equal(
    await markdown('&gt; quoted\n&gt; more\nafter\n• one\n• two\n1. first\n2. second'),
    '> quoted\\\n> more\n\nafter\n\n- one\n- two\n\n1. first\n2. second'
  )
  assert.equal(await markdown('&gt;&gt;&gt; all\nof this'), '> all\\\n> of this')
})

test(
  'entities are decoded after tokens are read, and Markdown-special characters in plain text are ' + 'escaped',
  async () => {
    assert.equal(
      await markdown('&lt;b&gt; and &lt;@U1&gt; are text; 1 &lt; 2 &amp; [x](y)\n# not a heading\na *not bold * b'),
      '\\<b> and <@U1> are text; 1 < 2 & \\[x]\\(y)\\\n\\# not a heading\\\na \\*not bold \\* b'
    )
  }
)

test('emoji shortcodes become their characters, skin tones included; custom emoji and code keep the name', async () => {
  assert.equal(
    await markdown('nice :white_check_mark: :+1::skin-tone-2: :thumbsup: :simple_smile: at 10:30:45'),
    'nice ✅ 👍🏻 👍 🙂 at 10:30:45'
  )
  assert.equal(await markdown(':partyparrot: and :-1: but not `:tada:`'), ':partyparrot: and 👎 but not `:tada:`')
  assert.equal(await markdown('```\n:tada:\n```'), '```\n:tada:\n```')
})

test('emojiOf knows Slack names, toned names and not custom ones', () => {
  assert.equal(emojiOf('thinking_face'), '🤔')
  assert.equal(emojiOf('+1::skin-tone-6'), '👍🏿')
  assert.equal(emojiOf('man-raising-hand::skin-tone-3'), '🙋🏼\u200d♂️')
  assert.equal(emojiOf('heart'), '❤️')
  assert.equal(emojiOf('shipit_squirrel'), undefined)
})

test('joins, leaves, topic, purpose, renames and archiving become info notices without headings', async () => {
  const [conversation] = await readExport({
    'users.json': users,
    'general/2024-03-04.json': [
      message(0, 'U1', '', {subtype: 'channel_join'}),
      message(1, 'U1', '', {subtype: 'channel_topic', topic: 'Releases &amp; <#C1|general>'}),
      message(2, 'U1', '', {subtype: 'channel_purpose', purpose: 'Talk'}),
      message(3, 'U1', '', {subtype: 'channel_name', old_name: 'gen', name: 'general'}),
      message(4, 'U2', '', {subtype: 'channel_leave'}),
      message(5, 'U1', '', {subtype: 'channel_archive'})
    ]
  })
  assert.deepEqual(
    notices(conversation!).map((notice) => [notice.level, notice.text]),
    [
      ['info', 'Ada joined the channel'],
      ['info', 'Ada set the channel topic: Releases & #general'],
      ['info', 'Ada set the channel description: Talk'],
      ['info', 'Ada renamed the channel from #gen to #general'],
      ['info', 'Grace Hopper left the channel'],
      ['info', 'Ada archived the channel']
    ]
  )
  assert.ok(!toNote(conversation!).includes('## '))
  assert.deepEqual(conversation!.participants, [])
})

test('an edited message shows its final text, and its heading says it was edited', async () => {
  const conversation = await readDay([message(0, 'U1', 'final text', {edited: {user: 'U1', ts: ts(1)}})])
  assert.deepEqual(body(conversation), ['final text'])
  assert.match(toNote(conversation), /^## .+ · edited$/m)
})

test(
  'deleted messages are counted in fidelity; a deleted thread parent leaves a notice before its ' + 'replies',
  async () => {
    const parent = ts(0)
    const conversation = await readDay([
      {
        type: 'message',
        subtype: 'tombstone',
        ts: parent,
        thread_ts: parent,
        user: 'USLACKBOT',
        text: 'This message was deleted.'
      },
      message(1, 'U2', 'reply', {thread_ts: parent}),
      {type: 'message', subtype: 'message_deleted', ts: ts(2), deleted_ts: ts(1, 5), hidden: true},
      {type: 'message', subtype: 'tombstone', ts: ts(3), text: 'This message was deleted.'}
    ])
    assert.equal(conversation.fidelity['deleted-message'], 3)
    assert.equal(notices(conversation)[0]?.kind, 'deleted')
    assert.deepEqual(texts(conversation.turns[1]), ['reply'])
    assert.deepEqual(conversation.turns[1]?.reply, {parent: 'deleted'})
    assert.equal(conversation.turns.length, 2)
  }
)

test(
  'file shares become attachments with name, type and size, and no private or tokenised address reaches the ' + 'note',
  async () => {
    const secret = 'https://files.slack.com/files-pri/T1-F1/report.pdf?t=xoxe-123-secret'
    const conversation = await readDay([
      message(0, 'U1', `report <${secret}|report.pdf> and <https://x.example/?token=abc|a tokened link>`, {
        subtype: 'file_share',
        files: [
          {
            id: 'F1',
            name: 'report.pdf',
            mimetype: 'application/pdf',
            size: 2048,
            url_private: secret,
            url_private_download: secret,
            permalink: 'https://t.slack.com/files/U1/F1/report.pdf'
          }
        ],
        file: {id: 'F0'}
      }),
      message(1, 'U1', '', {
        upload: true,
        file: {id: 'F2', name: 'old.png', mimetype: 'image/png', size: 10, url_private: secret}
      })
    ])
    const attachments = conversation.turns.flatMap((turn) =>
      turn.parts.filter((part): part is AttachmentPart => part.type === 'attachment')
    )
    assert.deepEqual(attachments, [
      {
        type: 'attachment',
        text: 'application/pdf, 2.0 KB',
        name: 'report.pdf',
        mimeType: 'application/pdf',
        size: 2048
      },
      {type: 'attachment', text: 'image/png, 10 B', name: 'old.png', mimeType: 'image/png', size: 10}
    ])
    const note = toNote(conversation)
    assert.ok(!/files\.slack\.com|xox|token=|url_private/.test(note), note)
    assert.match(note, /report report\.pdf and a tokened link/)
  }
)

test('reactions are kept with their counts, those without a name left out', async () => {
  const conversation = await readDay([
    message(0, 'U1', 'ship it', {
      reactions: [
        {name: '+1', count: 3, users: ['U1', 'U2', 'U3']},
        {name: 'tada', users: ['U2']},
        {name: '', count: 2}
      ]
    })
  ])
  assert.deepEqual(texts(conversation.turns[0]), ['ship it'])
  assert.deepEqual(conversation.turns[0]?.reactions, [
    {name: '+1', count: 3, emoji: '👍'},
    {name: 'tada', count: 1, emoji: '🎉'}
  ])
})

test('a toned reaction gets its toned character, a custom one only its name', async () => {
  const conversation = await readDay([
    message(0, 'U1', 'ship it', {
      reactions: [
        {name: '+1::skin-tone-3', count: 1},
        {name: 'partyparrot', count: 2}
      ]
    })
  ])
  assert.deepEqual(conversation.turns[0]?.reactions, [
    {name: '+1::skin-tone-3', count: 1, emoji: '👍🏼'},
    {name: 'partyparrot', count: 2}
  ])
  assert.match(toNote(conversation), /^👍🏼 1 · :partyparrot: 2$/m)
})

test(
  'the conversation is titled #channel, identified by the channel id, with topic and purpose in ' + 'metadata',
  async () => {
    const [conversation] = await readExport({
      'users.json': users,
      'channels.json': channels,
      'general/2024-03-04.json': [message(0, 'U1', 'hi')]
    })
    assert.equal(conversation!.title, '#general')
    assert.equal(conversation!.id, 'C1')
    assert.deepEqual(conversation!.source, {format: 'slack', variant: 'slack-export', path: conversation!.source.path})
    assert.deepEqual(conversation!.metadata, {extra: {topic: 'Releases'}})
  }
)

test(
  'one conversation per channel by default, yielded in folder order, and one per channel and day with slackSplit ' +
    'day',
  async () => {
    const parent = ts(0)
    const files = {
      'users.json': users,
      'channels.json': [...channels, {id: 'C2', name: 'dev', members: []}],
      'dev/2024-03-04.json': [message(0, 'U1', 'dev')],
      'general/2024-03-04.json': [message(0, 'U1', 'parent', {thread_ts: parent})],
      'general/2024-03-05.json': [
        message(24 * 60, 'U2', 'reply', {thread_ts: parent}),
        message(24 * 60 + 1, 'U2', 'next day')
      ]
    }
    assert.deepEqual(
      (await readExport(files)).map((conversation) => conversation.title),
      ['#dev', '#general']
    )
    const days = await readExport(files, {slackSplit: 'day'})
    assert.deepEqual(
      days.map((conversation) => [conversation.id, conversation.title, body(conversation)]),
      [
        ['C2:2024-03-04', '#dev · 2024-03-04', ['dev']],
        ['C1:2024-03-04', '#general · 2024-03-04', ['parent', 'reply']],
        ['C1:2024-03-05', '#general · 2024-03-05', ['next day']]
      ]
    )
    assert.equal((await readExport(files, {})).length, 2)
    const [byOption] = await readExportWith(slack({split: 'day'}), files)
    assert.equal(byOption?.id, 'C2:2024-03-04')
  }
)

async function readExportWith(
  format: ReturnType<typeof slack>,
  files: Record<string, unknown>
): Promise<Conversation[]> {
  const normalizer = createNormalizer({builtins: [format]})
  return (await normalizer.normalize(await inputFromFolder(await folder(files)))).conversations
}

test(
  'a lone day file keeps user ids when no users.json is near, and takes its channel name from its ' + 'folder',
  async () => {
    const base = await folder({'general/2024-03-04.json': [message(0, 'U1', 'hi <@U2>')]})
    const normalizer = createNormalizer({builtins: [plugin]})
    const {conversations} = await normalizer.normalize(await inputFromPath(join(base, 'general/2024-03-04.json')))
    const [conversation] = conversations
    assert.equal(conversation?.title, '#general · 2024-03-04')
    assert.equal(conversation?.source.variant, 'slack-day-file')
    assert.deepEqual(conversation?.participants, [{id: 'U1', name: 'U1', kind: 'human'}])
    assert.deepEqual(body(conversation!), ['hi @U2'])
  }
)

test('a lone day file finds users.json and channels.json in its folder or the one above it', async () => {
  const base = await folder({
    'users.json': users,
    'channels.json': channels,
    'general/2024-03-04.json': [message(0, 'U1', 'hi <@U2>')]
  })
  const normalizer = createNormalizer({builtins: [plugin]})
  const [conversation] = (await normalizer.normalize(await inputFromPath(join(base, 'general/2024-03-04.json'))))
    .conversations
  assert.equal(conversation?.id, 'C1:2024-03-04')
  assert.deepEqual(conversation?.participants, [{id: 'U1', name: 'Ada', kind: 'human'}])
  assert.deepEqual(body(conversation!), ['hi @Grace Hopper'])
})

test(
  'detection is certain for day files with several messages and for export folders, likely for one message or a ' +
    'channel folder',
  async () => {
    assert.equal(plugin.detect(sample([message(0, 'U1', 'a'), message(1, 'U2', 'b')])).confidence, 'certain')
    assert.equal(plugin.detect(sample([message(0, 'U1', 'a')])).confidence, 'likely')
    const exported = await createSample(
      await inputFromFolder(
        await folder({
          'users.json': users,
          'channels.json': channels,
          'general/2024-03-04.json': [message(0, 'U1', 'a')]
        })
      ),
      65536
    )
    assert.deepEqual(plugin.detect(exported), {
      confidence: 'certain',
      reason: 'channels.json, users.json and 1 channel day file(s) <channel>/YYYY-MM-DD.json (Slack export)',
      variant: 'slack-export'
    })
    const channelFolder = await createSample(
      await inputFromFolder(await folder({'2024-03-04.json': [message(0, 'U1', 'a')]})),
      65536
    )
    assert.equal(plugin.detect(channelFolder).confidence, 'likely')
  }
)

test('detection is none for other formats’ files and for folders that are not exports', async () => {
  assert.equal(
    plugin.detect(
      sample([
        {type: 'message', ts: '2024-03-04T09:00:00Z', text: 'x'},
        {type: 'message', ts: 5}
      ])
    ).confidence,
    'none'
  )
  assert.equal(plugin.detect(sample({type: 'message', ts: '1.2'})).confidence, 'none')
  const photos = await createSample(
    await inputFromFolder(await folder({'users.json': {users: []}, 'a/2024-03-04.json': {}})),
    65536
  )
  assert.equal(plugin.detect(photos).confidence, 'none')
  for (const fixture of await fixtureCases()) {
    if (fixture.format === 'slack' || fixture.isFolder) continue
    const verdict = plugin.detect(await createSample(await inputFromPath(fixture.input), 65536))
    assert.notEqual(verdict.confidence, 'certain', `${fixture.name}: ${verdict.reason}`)
    assert.notEqual(verdict.confidence, 'likely', `${fixture.name}: ${verdict.reason}`)
  }
})

test('a malformed day file is reported and skipped; the other days are kept', async () => {
  const base = await folder({'users.json': users, 'general/2024-03-05.json': [message(24 * 60, 'U1', 'kept')]})
  await writeFile(join(base, 'general/2024-03-04.json'), '[{"type": "message", "ts": "1.1", "text": "cut')
  const normalizer = createNormalizer({builtins: [plugin]})
  const {conversations, file} = await normalizer.normalize(await inputFromFolder(base))
  assert.deepEqual(body(conversations[0]!), ['kept'])
  assert.equal(file.messages.length, 1)
  assert.match(String(file.messages[0]), /breaks off|Could not read/)
})

test('the golden export fixture never prints a private file address', async () => {
  for (const name of await readdir(join(root, 'packages/format-slack/fixtures/export'))) {
    if (!name.endsWith('.md')) continue
    const note = await readFile(join(root, 'packages/format-slack/fixtures/export', name), 'utf8')
    assert.ok(!/files\.slack\.com|xoxe|url_private/.test(note), name)
  }
})

test('a day file without a path (stdin) gets an id from its first message and a plain title', async () => {
  const text = await readFile(new URL('../fixtures/day-file/input.json', import.meta.url), 'utf8')
  const {file, conversations} = await createNormalizer({builtins: [slack()]}).normalize(
    inputFromString(text, '<stdin>')
  )
  assert.deepEqual(file.messages, [])
  assert.equal(conversations.length, 1)
  assert.match(conversations[0]?.id ?? '', /^slack-\d+\.\d+$/)
  assert.equal(conversations[0]?.title, 'Slack channel')
})

test('a lone day file names people by any message user_profile, a later one included, everywhere', async () => {
  const profile = (display_name: string, real_name: string, name: string) => ({display_name, real_name, name})
  const conversation = await readDay([
    message(0, 'U1', 'thread start, thanks <@U2>', {thread_ts: ts(0)}),
    message(1, 'U2', 'reply', {thread_ts: ts(0), parent_user_id: 'U1'}),
    message(2, 'U2', 'to <@U1>', {user_profile: profile('', 'Mara Okafor', 'mara')}),
    message(3, 'U1', 'later', {user_profile: profile('raj', 'Raj Patel', 'rpatel')}),
    message(4, 'U3', 'hi', {user_profile: profile('', '', 'ken.w')})
  ])
  assert.deepEqual(
    conversation.participants.map((participant) => participant.name),
    ['raj', 'Mara Okafor', 'ken.w']
  )
  assert.deepEqual(body(conversation), ['thread start, thanks @Mara Okafor', 'reply', 'to @raj', 'later', 'hi'])
  assert.equal(conversation.turns[1]?.reply?.starter, 'raj')
})
