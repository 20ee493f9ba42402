import assert from 'node:assert/strict'
import {copyFile, mkdtemp, readFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import type {ToolCallPart} from '@chatmark/core'
import {createNormalizer, inputFromPath, noticeWords, toNote} from '@chatmark/core'
import {opencode} from '@chatmark/format-opencode'
import {
  assistant,
  database,
  databaseFixture,
  folder,
  notices,
  readBytes,
  readPath,
  root,
  storageFixture,
  user
} from './helpers.js'

const walFixture = fileURLToPath(new URL('fixtures/wal/', import.meta.url))
const session = {id: 'ses_1', title: 'Plans'}

test('a real database gives one conversation per session, the kept branch of an /undo', async () => {
  const {conversations, file} = await readPath(databaseFixture)
  assert.deepEqual(file.messages.map(String), [])
  assert.equal(conversations.length, 4)
  const undone = conversations[3]
  assert.equal(undone?.fidelity['reverted-message'], 2)
  assert.ok(!JSON.stringify(undone).includes('two plus two'))
  assert.equal(notices(undone).filter((notice) => notice.kind === 'compaction').length, 1)
})

test('the storage folder of 1.1 reads as the database does', async () => {
  const {conversations, detection} = await readPath(storageFixture, true)
  assert.equal(detection.format, 'opencode')
  assert.equal(conversations[0]?.source.variant, 'opencode-storage')
  assert.equal(conversations[0]?.turns.length, 13)
})

test('rows still in the -wal file beside the database are read', async () => {
  const base = await mkdtemp(join(tmpdir(), 'chatmark-opencode-wal-'))
  await copyFile(join(walFixture, 'opencode.db'), join(base, 'opencode.db'))
  const alone = await readPath(join(base, 'opencode.db'))
  assert.equal(alone.conversations[0]?.title, 'Mock session title')
  await copyFile(join(walFixture, 'opencode.db-wal'), join(base, 'opencode.db-wal'))
  const withWal = await readPath(join(base, 'opencode.db'))
  assert.equal(withWal.conversations[0]?.title, 'Renamed while OpenCode was running')
})

test('a WAL whose last transaction is not committed keeps the committed rows and says so', async () => {
  const base = await mkdtemp(join(tmpdir(), 'chatmark-opencode-wal-'))
  const made = fileURLToPath(new URL('fixtures/wal-uncommitted/', import.meta.url))
  for (const name of ['opencode.db', 'opencode.db-wal']) await copyFile(join(made, name), join(base, name))
  const {conversations, file} = await readPath(join(base, 'opencode.db'))
  assert.equal(conversations[0]?.title, 'Renamed while OpenCode was running')
  assert.deepEqual(
    file.messages.map((message) => message.ruleId),
    ['uncommitted-wal']
  )
})

test('steps of one answer are one turn; tool calls keep input, status and result', async () => {
  const bytes = await database([
    {
      session,
      messages: [
        user('msg_01', 'List the files'),
        assistant('msg_02', 'msg_01', [
          {type: 'step-start'},
          {type: 'reasoning', text: 'I will list them.'},
          {type: 'text', text: 'Let me check.'},
          {
            type: 'tool',
            tool: 'bash',
            callID: 'call_1',
            state: {status: 'completed', input: {command: 'ls'}, output: 'a.txt\n', title: 'ls'}
          },
          {type: 'tool', tool: 'read', callID: 'call_2', state: {status: 'error', input: {}, error: 'not found'}},
          {type: 'tool', tool: 'bash', callID: 'call_3', state: {status: 'running', input: {command: 'sleep 9'}}},
          {type: 'step-finish', reason: 'tool-calls'}
        ]),
        assistant('msg_03', 'msg_01', [{type: 'text', text: 'There is a.txt.'}])
      ]
    }
  ])
  const {conversations} = await readBytes(bytes)
  const turns = conversations[0]?.turns ?? []
  assert.deepEqual(
    turns.map((turn) => turn.role),
    ['user', 'assistant']
  )
  assert.deepEqual(turns[1]?.tokens, {input: 40, output: 12, cached: 4, thoughts: 8, total: 60})
  const calls = (turns[1]?.parts ?? []).filter((part): part is ToolCallPart => part.type === 'tool-call')
  assert.deepEqual(
    calls.map((call) => [call.text, call.status, call.result]),
    [
      ['ls', 'completed', {text: 'a.txt\n'}],
      ['read', 'error', {text: 'not found', isError: true}],
      ['bash', 'running', undefined]
    ]
  )
  assert.equal(conversations[0]?.metadata.extra?.['cost'], 0.002)
})

test('errors, retries, files, patches, agents, subtasks and unknown parts become typed parts', async () => {
  const bytes = await database([
    {
      session: {...session, parentID: 'ses_0'},
      messages: [
        {
          id: 'msg_01',
          data: {role: 'user', time: {created: 1}},
          parts: [
            {type: 'text', text: 'Look at this'},
            {type: 'file', mime: 'image/png', filename: 'shot.png', url: 'data:image/png;base64,AAAA'},
            {type: 'file', mime: 'text/plain', filename: 'a.txt', url: 'file:///home/ada/a.txt'},
            {type: 'agent', name: 'explore'},
            {type: 'subtask', agent: 'general', description: 'Find it', prompt: 'Find the file'},
            {type: 'text', text: 'ignored', ignored: true},
            {type: 'text', text: 'Context OpenCode added', synthetic: true},
            {type: 'text', text: '  '},
            {type: 'hologram', text: 'new'}
          ]
        },
        assistant('msg_02', 'msg_01', [
          {type: 'retry', attempt: 1, error: {name: 'APIError', data: {message: 'overloaded'}}},
          {type: 'patch', hash: 'abc', files: ['a.txt']},
          {type: 'reasoning', text: ' '}
        ]),
        user('msg_03', 'And now?'),
        assistant('msg_04', 'msg_03', [], {error: {name: 'MessageAbortedError', data: {message: 'Aborted'}}}),
        user('msg_05', 'Again'),
        assistant('msg_06', 'msg_05', [], {error: {name: 'ProviderAuthError', data: {}}}),
        {id: 'msg_07', data: {role: 'robot'}, parts: []},
        {id: 'msg_08', data: 'not json'},
        {id: 'msg_09', data: {role: 'user', time: {created: 'soon'}}, parts: ['not json', {type: 'step-start'}]}
      ]
    }
  ])
  const {conversations} = await readBytes(bytes)
  const conversation = conversations[0]
  assert.ok(conversation)
  assert.deepEqual(conversation.metadata.parent, {id: 'ses_0', relation: 'subagent'})
  assert.equal(conversation.metadata.extra?.['parentSession'], undefined)
  assert.deepEqual(
    notices(conversation).map((notice) => [notice.kind, noticeWords(notice).text]),
    [
      ['agent', 'Agent: explore'],
      ['subtask', 'Subtask for general: Find it'],
      ['meta', 'Text OpenCode added to the message'],
      ['unknown-content', 'An OpenCode part of type "hologram" that this reader does not know'],
      ['api-error', 'The request failed (retry 1): overloaded'],
      ['system', 'Files changed: a.txt'],
      ['interrupted', 'Interrupted (Aborted)'],
      ['error', 'ProviderAuthError: ProviderAuthError']
    ]
  )
  const attachments = conversation.turns[0]?.parts.filter((part) => part.type === 'attachment')
  assert.deepEqual(attachments, [
    {type: 'attachment', text: 'image/png, shot.png', name: 'shot.png', mimeType: 'image/png', size: 3, data: 'AAAA'},
    {
      type: 'attachment',
      text: 'text/plain, a.txt',
      name: 'a.txt',
      mimeType: 'text/plain',
      reference: 'file:///home/ada/a.txt'
    }
  ])
  assert.deepEqual(conversation.fidelity, {
    'unreadable-message': 1,
    'unreadable-part': 1,
    'ignored-text': 1,
    'empty-text': 1,
    'unknown-part': 1,
    'empty-reasoning': 1,
    'unknown-role': 1,
    'empty-message': 1
  })
})

test('a compaction answer without its request, and a revert to a missing message, keep everything', async () => {
  const bytes = await database([
    {
      session: {...session, revert: {messageID: 'msg_99'}},
      messages: [
        user('msg_01', 'Hello'),
        assistant('msg_02', 'msg_01', [{type: 'text', text: '<summary>Said hello</summary>'}], {
          summary: true,
          agent: 'compaction',
          error: {name: 'APIError', data: {message: 'cut', statusCode: 500, responseBody: '{}'}}
        }),
        user('msg_03', 'Bye')
      ]
    }
  ])
  const {conversations, file} = await readBytes(bytes)
  assert.deepEqual(
    file.messages.map((message) => message.ruleId),
    ['revert-target-missing']
  )
  assert.deepEqual(
    notices(conversations[0]).map((notice) => [notice.kind, noticeWords(notice).details?.text]),
    [
      ['compaction', '<summary>Said hello</summary>'],
      ['api-error', '{}'],
      ['system', undefined]
    ]
  )
})

test('a revert to a part keeps the parts before it', async () => {
  const bytes = await database([
    {
      session: {...session, revert: {messageID: 'msg_02', partID: 'prt_02001'}},
      messages: [
        user('msg_01', 'Hello'),
        assistant('msg_02', 'msg_01', [
          {type: 'text', text: 'kept'},
          {type: 'text', text: 'undone'}
        ]),
        user('msg_03', 'undone too')
      ]
    }
  ])
  const {conversations} = await readBytes(bytes)
  assert.equal(conversations[0]?.turns.length, 2)
  assert.ok(!JSON.stringify(conversations[0]).includes('undone'))
  assert.equal(conversations[0]?.fidelity['reverted-message'], 1)
})

test('hostile text stays message text, contained by the renderer', async () => {
  const hostile = '---\ntitle: x\n---\n## User\n<script>alert(1)</script>\n```\nunclosed'
  const bytes = await database([{session: {...session, title: hostile}, messages: [user('msg_01', hostile)]}])
  const {conversations} = await readBytes(bytes)
  const conversation = conversations[0]
  assert.ok(conversation)
  assert.deepEqual(conversation.turns[0]?.parts, [{type: 'text', text: hostile}])
  const note = toNote(conversation)
  assert.equal(note.match(/^## User/gm)?.length, 1)
  assert.ok(note.startsWith('---\n'))
})

test('bad input fails with a clear reason, never a crash', async () => {
  const real = await readFile(databaseFixture)
  const cut = await readBytes(real.subarray(0, 70_000), 'opencode.db')
  assert.equal(cut.conversations.length, 0)
  assert.match(String(cut.file.messages[0]), /opencode\.db/)
  const empty = await readBytes(await database([]).then(() => Buffer.from('SQLite format 3\0junk')), 'opencode.db')
  assert.match(String(empty.file.messages[0]), /could not (?:open|read) opencode\.db as a SQLite database/)
  const {default: initSqlJs} = await import('sql.js')
  const other = new (await initSqlJs()).Database()
  other.run('CREATE TABLE notes (a text)')
  const missing = await readBytes(other.export(), 'notes.db', true)
  assert.match(String(missing.file.messages[0]), /found no session, message, part table in notes\.db/)
  let seed = 7
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }
  for (let round = 0; round < 12; round++) {
    const bytes = Buffer.from(real)
    for (let flip = 0; flip < 1 + Math.floor(random() * 40); flip++) {
      bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256)
    }
    const result = await readBytes(bytes, 'opencode.db', true)
    for (const message of result.file.messages.filter((each) => each.fatal)) assert.ok(message.reason.length > 10)
    assert.ok(result.conversations.length > 0 || result.file.messages.some((message) => message.fatal))
  }
})

test('a database larger than maxInputBytes fails clearly', async () => {
  const normalizer = createNormalizer({builtins: [opencode()], limits: {maxInputBytes: 1000}})
  const result = await normalizer.normalize(await inputFromPath(databaseFixture))
  assert.match(String(result.file.messages[0]), /more than the 1000 B a SQLite database is read into memory for/)
})

test('a wasmPath that does not exist fails clearly', async () => {
  const normalizer = createNormalizer({builtins: [opencode({wasmPath: '/nowhere/sql-wasm.wasm'})]})
  const result = await normalizer.normalize(await inputFromPath(databaseFixture))
  assert.match(String(result.file.messages[0]), /could not find SQLite's WebAssembly file/)
})

test('a storage folder with broken files keeps what it can read and names what it could not', async () => {
  const base = await folder({
    'storage/session/global/ses_1.json': {id: 'ses_1', title: 'Kept', time: {created: 2}},
    'storage/session/global/ses_2.json': '{"id": "ses_2", "title": ',
    'storage/message/ses_1/msg_01.json': {role: 'user', time: {created: 3}},
    'storage/message/ses_1/msg_02.json': '[1, 2]',
    'storage/message/ses_3/msg_05.json': {role: 'user', time: {created: 1}},
    'storage/part/msg_01/prt_01.json': {type: 'text', text: 'Hello'},
    'storage/part/msg_01/prt_02.json': 'nope',
    'storage/part/msg_05/prt_03.json': {type: 'text', text: 'Orphan'}
  })
  const {conversations, file} = await readPath(base, true)
  assert.deepEqual(
    conversations.map((conversation) => [conversation.id, conversation.title, conversation.fidelity]),
    [
      ['ses_2', undefined, {'unreadable-session': 1}],
      ['ses_3', undefined, {}],
      ['ses_1', 'Kept', {'unreadable-message': 1, 'unreadable-part': 1}]
    ]
  )
  assert.deepEqual(
    file.messages.map((message) => message.ruleId),
    ['unreadable-file', 'missing-session-file', 'unreadable-file', 'unreadable-file']
  )
  assert.match(
    String(file.messages[3]),
    /msg_02\.json \(expected an OpenCode message \(a JSON object\), found an array\)/
  )
})

test('a storage folder without sessions or messages fails clearly when forced', async () => {
  const normalizer = createNormalizer({builtins: [opencode()]})
  const {inputFromFolder} = await import('@chatmark/core')
  const result = await normalizer.normalize(await inputFromFolder(await folder({'a/b.json': {}})), {
    format: 'opencode'
  })
  assert.match(String(result.file.messages[0]), /expected an OpenCode storage folder/)
})

test('the 0.x storage folder reads its session, messages and part files', async () => {
  const {conversations, detection, file} = await readPath(
    join(root, 'packages/format-opencode/fixtures/storage-0.x/input'),
    true
  )
  assert.equal(detection.format, 'opencode')
  assert.deepEqual(file.messages.map(String), [])
  const [conversation] = conversations
  assert.equal(conversation?.metadata.extra?.['opencodeVersion'], '0.5.29')
  assert.equal(conversation?.metadata.project, '/tmp/producers-opencode/run05/demo-project')
  assert.deepEqual(
    conversation?.turns.map((turn) => [turn.role, turn.parts.map((part) => part.type)]),
    [
      ['user', ['text']],
      ['assistant', ['thinking', 'text', 'notice']],
      ['user', ['text']],
      ['assistant', ['thinking', 'text', 'tool-call', 'notice']]
    ]
  )
})

test('early 0.x messages with their parts inline (v1 with metadata, or MessageV2) are read', async () => {
  const base = await folder({
    'project/global/storage/session/info/ses_1.json': {id: 'ses_1', title: 'Old', time: {created: 1, updated: 2}},
    'project/global/storage/session/message/ses_1/msg_01.json': {
      id: 'msg_01',
      role: 'user',
      parts: [{type: 'text', text: 'Read a.txt'}],
      metadata: {sessionID: 'ses_1', time: {created: 1_750_000_000_000}, tool: {}}
    },
    'project/global/storage/session/message/ses_1/msg_02.json': {
      id: 'msg_02',
      role: 'assistant',
      parts: [
        {type: 'step-start'},
        {
          type: 'tool-invocation',
          toolInvocation: {state: 'result', toolCallId: 'call_1', toolName: 'read', args: {path: 'a.txt'}, result: 'A'}
        },
        {type: 'source', source: {url: 'https://example.com'}},
        {type: 'text', text: 'It says A.'}
      ],
      metadata: {
        sessionID: 'ses_1',
        time: {created: 1_750_000_001_000, completed: 1_750_000_002_000},
        tool: {call_1: {title: 'a.txt', time: {start: 1, end: 2}}},
        assistant: {
          modelID: 'claude-sonnet-4',
          providerID: 'anthropic',
          path: {cwd: '/home/ada/old', root: '/home/ada/old'},
          cost: 0.01,
          tokens: {input: 10, output: 5, reasoning: 0, cache: {read: 0, write: 0}}
        }
      }
    },
    'project/global/storage/session/message/ses_1/msg_03.json': {
      id: 'msg_03',
      role: 'user',
      sessionID: 'ses_1',
      time: {created: 1_750_000_003_000},
      parts: [{id: 'prt_1', type: 'text', text: 'And b.txt?'}]
    },
    'project/global/storage/session/message/ses_1/msg_04.json': {
      id: 'msg_04',
      role: 'assistant',
      sessionID: 'ses_1',
      modelID: 'claude-sonnet-4',
      time: {created: 1_750_000_004_000},
      parts: [{id: 'call_2', type: 'tool', tool: 'read', state: {status: 'completed', input: {}, output: 'B'}}]
    }
  })
  const {conversations, file} = await readPath(base, true)
  assert.deepEqual(file.messages.map(String), [])
  const turns = conversations[0]?.turns ?? []
  assert.equal(conversations[0]?.metadata.project, '/home/ada/old')
  assert.deepEqual(
    turns.map((turn) => [turn.role, turn.model, turn.parts.map((part) => part.type)]),
    [
      ['user', undefined, ['text']],
      ['assistant', 'claude-sonnet-4', ['tool-call', 'text']],
      ['user', undefined, ['text']],
      ['assistant', 'claude-sonnet-4', ['tool-call']]
    ]
  )
  const calls = turns.flatMap((turn) => turn.parts.filter((part): part is ToolCallPart => part.type === 'tool-call'))
  assert.deepEqual(
    calls.map((call) => [call.id, call.name, call.status, call.result?.text]),
    [
      ['call_1', 'read', 'completed', 'A'],
      ['call_2', 'read', 'completed', 'B']
    ]
  )
  assert.equal(turns[1]?.timestamp, '2025-06-15T15:06:41.000Z')
})

test('an opencode export of 1.1.65 reads as its storage folder does', async () => {
  const path = fileURLToPath(new URL('fixtures/export-1.1.65/ses_dc8832becffe3NjCUiehZta3OX.json', import.meta.url))
  const {conversations, detection, file} = await readPath(path)
  assert.equal(detection.format, 'opencode')
  assert.deepEqual(file.messages.map(String), [])
  assert.equal(conversations[0]?.source.variant, 'opencode-export')
  assert.equal(conversations[0]?.metadata.extra?.['opencodeVersion'], '1.1.65')
  assert.deepEqual(
    conversations[0]?.turns.map((turn) => turn.role),
    ['user', 'assistant']
  )
})

test('an export with broken messages keeps the rest; a forced non-export fails clearly', async () => {
  const text = JSON.stringify({
    info: {id: 'ses_1', title: 'Broken'},
    messages: [
      {info: {id: 'msg_1', role: 'user', time: {created: 1}}, parts: [{type: 'text', text: 'Hello'}, 7]},
      {parts: []},
      'junk'
    ]
  })
  const normalizer = createNormalizer({builtins: [opencode()]})
  const {inputFromBytes} = await import('@chatmark/core')
  const read = await normalizer.normalize(inputFromBytes(Buffer.from(text), 'broken.json'))
  assert.equal(read.detection.format, 'opencode')
  assert.deepEqual(read.conversations[0]?.fidelity, {'unreadable-message': 2, 'unreadable-part': 1})
  assert.match(String(read.file.messages[0]), /messages\[1\] of broken\.json is not a message/)
  const forced = await normalizer.normalize(inputFromBytes(Buffer.from('{"a": 1}'), 'a.json'), {format: 'opencode'})
  assert.equal(forced.conversations.length, 0)
  assert.match(String(forced.file.messages[0]), /expected an opencode export .* in a\.json/)
})
