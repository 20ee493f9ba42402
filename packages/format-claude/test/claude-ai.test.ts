import assert from 'node:assert/strict'
import {readdir} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {fileURLToPath} from 'node:url'
import type {
  AttachmentPart,
  Conversation,
  Input,
  Part,
  Sample,
  TextNotice,
  ThinkingPart,
  ToolCallPart
} from '@chatmark/core'
import {createNormalizer, inputFromPath, inputFromString, sampleFromBytes, toNote} from '@chatmark/core'
import {claude} from '@chatmark/format-claude'
import {outline} from './helpers.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const corpus = join(root, 'fixtures/corpus/claude-ai')
const plugin = claude()
const rootParent = '00000000-0000-4000-8000-000000000000'

let clock = 0
const time = (): string => new Date(Date.UTC(2025, 2, 1, 12, 0, clock++)).toISOString()
const text = (value: string) => ({type: 'text', text: value, citations: []})
type Message = Record<string, unknown>
const human = (uuid: string, body: string | unknown[], extra: Message = {}): Message =>
  message(uuid, 'human', body, extra)
const assistant = (uuid: string, body: string | unknown[], extra: Message = {}): Message =>
  message(uuid, 'assistant', body, extra)
function message(uuid: string, sender: string, body: string | unknown[], extra: Message): Message {
  const created = time()
  const content = typeof body === 'string' ? {text: body} : {text: '', content: body}
  return {uuid, ...content, sender, created_at: created, updated_at: created, attachments: [], files: [], ...extra}
}
const chat = (uuid: string, messages: Message[], extra: Message = {}): Message => ({
  uuid,
  name: `Chat ${uuid}`,
  summary: '',
  created_at: '2025-03-01T12:00:00.000000Z',
  updated_at: '2025-03-01T13:00:00.000000Z',
  account: {uuid: 'acc'},
  chat_messages: messages,
  ...extra
})
const sample = (value: string, complete = true, name = 'conversations.json'): Sample =>
  sampleFromBytes(Buffer.from(value), {name, complete})

async function read(document: unknown, formatOptions: Record<string, unknown> = {}) {
  const normalizer = createNormalizer({builtins: [claude()]})
  return normalizer.normalize(
    inputFromString(typeof document === 'string' ? document : JSON.stringify(document, null, 2), 'conversations.json'),
    {formatOptions}
  )
}

async function one(document: unknown, formatOptions: Record<string, unknown> = {}): Promise<Conversation> {
  const {conversations, file} = await read(document, formatOptions)
  assert.deepEqual(file.messages.filter((item) => item.fatal).map(String), [])
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

const parts = (value: Conversation): Part[] => value.turns.flatMap((turn) => turn.parts)
const texts = (value: Conversation): string[] =>
  parts(value).flatMap((part) => (part.type === 'text' ? [part.text] : []))
const calls = (value: Conversation): ToolCallPart[] =>
  parts(value).filter((part): part is ToolCallPart => part.type === 'tool-call')
// The notices of a claude.ai export are all worded by the reader: artifact errors, unknown content.
const notices = (value: Conversation): TextNotice[] =>
  parts(value).filter((part): part is TextNotice => part.type === 'notice' && 'text' in part)

test('a conversation with an empty uuid keeps its turns, under an id from its place in the export', async () => {
  // Found by the damaged-inputs stress run: the conversation was yielded with id "", so the normalizer dropped it.
  const {conversations, file} = await read([
    chat('c1', [human('m1', 'first'), assistant('m2', 'one')]),
    chat('', [human('m3', 'second'), assistant('m4', 'two')])
  ])
  assert.deepEqual(file.messages.filter((item) => item.fatal).map(String), [])
  assert.deepEqual(
    conversations.map((conversation) => [conversation.id, texts(conversation)]),
    [
      ['c1', ['first', 'one']],
      ['conversation-2', ['second', 'two']]
    ]
  )
})

test('the claude.ai export is read as the claude-ai-export variant of the claude format', async () => {
  const value = await one([chat('c1', [human('m1', 'hi'), assistant('m2', 'hello')])])
  assert.deepEqual(value.source, {format: 'claude', variant: 'claude-ai-export'})
  assert.equal(value.id, 'c1')
  assert.equal(value.title, 'Chat c1')
})

test('sender human and assistant, and the older role field, become User and Claude turns', async () => {
  const value = await one([
    chat('c1', [
      human('m1', 'question'),
      assistant('m2', 'answer'),
      {uuid: 'm3', role: 'user', text: 'old question', created_at: time()},
      {uuid: 'm4', role: 'assistant', text: 'old answer', created_at: time()}
    ])
  ])
  assert.deepEqual(
    value.turns.map((turn) => `${turn.role}:${turn.author}`),
    ['user:user', 'assistant:claude', 'user:user', 'assistant:claude']
  )
  assert.deepEqual(value.participants, [
    {id: 'user', name: 'User', kind: 'human'},
    {id: 'claude', name: 'Claude', kind: 'model'}
  ])
  assert.deepEqual(
    value.turns.map((turn) => turn.id),
    ['m1', 'm2', 'm3', 'm4']
  )
})

test('content blocks are preferred over the flattened text, which is never shown twice', async () => {
  const value = await one([
    chat('c1', [
      human('m1', [text('from content')], {text: 'from content'}),
      assistant('m2', [text('answer from content')], {
        text: 'This block is not supported on your current device yet.\n\nanswer from content'
      }),
      human('m3', [], {text: 'only text'}),
      assistant('m4', [{type: 'text', text: '   '}], {text: 'text when the blocks are blank'})
    ])
  ])
  assert.deepEqual(texts(value), ['from content', 'answer from content', 'only text', 'text when the blocks are blank'])
})

test('thinking is kept as thinking parts; summaries stand in when the export has no thinking text', async () => {
  const value = await one([
    chat('c1', [
      human('m1', 'q'),
      assistant('m2', [
        {type: 'thinking', thinking: 'Full reasoning.', summaries: [{summary: 'ignored'}]},
        {
          type: 'thinking',
          thinking: '',
          summaries: [{summary: 'First step.'}, {summary: 'Second step.'}],
          cut_off: true
        },
        {type: 'thinking', thinking: '', summaries: []},
        text('done')
      ])
    ])
  ])
  const thinking = parts(value).filter((part): part is ThinkingPart => part.type === 'thinking')
  assert.deepEqual(
    thinking.map((part) => part.text),
    ['Full reasoning.', 'First step.\n\nSecond step.']
  )
  assert.match(thinking[1]?.subject ?? '', /Summary/)
  assert.equal(notices(value)[0]?.kind, 'thinking-cut-off')
  assert.deepEqual(value.fidelity, {'thinking-summary-only': 1, 'thinking-cut-off': 1, 'thinking-not-recorded': 1})
})

test(
  'tool use and tool result blocks become one tool call, paired by id or, without ids, by name in ' + 'order',
  async () => {
    const value = await one([
      chat('c1', [
        human('m1', 'q'),
        assistant('m2', [
          {
            type: 'tool_use',
            id: 'toolu_1',
            name: 'google_drive_search',
            input: {query: 'budget'},
            message: 'Searching Drive',
            integration_name: 'Google Drive'
          },
          {type: 'tool_use', name: 'repl', input: {code: 'console.log(1 + 1)'}},
          {type: 'tool_result', name: 'repl', content: [{type: 'text', text: '2'}], is_error: false},
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            name: 'google_drive_search',
            content: [{type: 'text', text: 'No files found'}],
            is_error: true
          },
          {type: 'tool_result', tool_use_id: 'toolu_missing', name: 'web_fetch', content: 'stray'}
        ])
      ])
    ])
    const [drive, repl, orphan] = calls(value)
    assert.deepEqual(drive, {
      type: 'tool-call',
      text: 'Searching Drive',
      name: 'google_drive_search',
      displayName: 'Google Drive',
      id: 'toolu_1',
      input: {query: 'budget'},
      result: {text: 'No files found', isError: true},
      status: 'error'
    })
    assert.equal(repl?.input, 'console.log(1 + 1)')
    assert.deepEqual(repl?.result, {text: '2'})
    assert.equal(orphan?.name, 'web_fetch')
    assert.equal(orphan?.result?.text, 'stray')
    assert.equal(value.fidelity['orphan-tool-result'], 1)
  }
)

test('web search results are listed by title, site and URL', async () => {
  const value = await one([
    chat('c1', [
      human('m1', 'q'),
      assistant('m2', [
        {type: 'tool_use', id: 't1', name: 'web_search', input: {query: 'node 20 eol'}},
        {
          type: 'tool_result',
          tool_use_id: 't1',
          name: 'web_search',
          content: [
            {
              type: 'knowledge',
              title: 'Node.js releases',
              url: 'https://nodejs.org/en/about/previous-releases',
              text: '...',
              metadata: {type: 'webpage_metadata', site_domain: 'nodejs.org', site_name: 'Node.js'}
            },
            {
              type: 'knowledge',
              title: 'endoflife.date',
              url: 'https://endoflife.date/nodejs',
              text: '...',
              metadata: {site_domain: 'endoflife.date'}
            }
          ]
        }
      ])
    ])
  ])
  assert.equal(
    calls(value)[0]?.result?.text,
    '1. Node.js releases (Node.js)\n   https://nodejs.org/en/about/previous-releases\n2. endoflife.date ' +
      '(endoflife.date)\n   https://endoflife.date/nodejs'
  )
})

test('artifacts show their title, type and content as a code block in their language; updates as a diff', async () => {
  const value = await one([
    chat('c1', [
      human('m1', 'q'),
      assistant('m2', [
        {
          type: 'tool_use',
          id: 'a1',
          name: 'artifacts',
          input: {
            id: 'calc',
            type: 'application/vnd.ant.code',
            title: 'Calculator',
            command: 'create',
            language: 'python',
            content: 'print(1 + 1)\n'
          }
        },
        {type: 'tool_result', tool_use_id: 'a1', name: 'artifacts', content: [{type: 'text', text: 'OK'}]},
        {
          type: 'tool_use',
          id: 'a2',
          name: 'artifacts',
          input: {id: 'calc', command: 'update', old_str: '1 + 1', new_str: '2 + 2'}
        },
        {
          type: 'tool_result',
          tool_use_id: 'a2',
          name: 'artifacts',
          content: [{type: 'text', text: 'Could not find old_str'}],
          is_error: true
        },
        {
          type: 'tool_use',
          id: 'a3',
          name: 'artifacts',
          input: {id: 'doc', type: 'text/markdown', title: 'Notes', command: 'create', content: 'Has ``` inside'}
        }
      ])
    ])
  ])
  assert.deepEqual(texts(value).slice(1), [])
  const artifacts = value.turns.flatMap((turn) => turn.parts.filter((part) => part.type === 'code'))
  assert.deepEqual(artifacts, [
    {
      type: 'code',
      text: 'print(1 + 1)\n',
      language: 'python',
      artifact: {title: 'Calculator', kind: 'application/vnd.ant.code', action: 'created'}
    },
    {type: 'code', text: '-1 + 1\n+2 + 2', language: 'diff', artifact: {title: 'Calculator', action: 'updated'}},
    {
      type: 'code',
      text: 'Has ``` inside',
      language: 'markdown',
      artifact: {title: 'Notes', kind: 'text/markdown', action: 'created'}
    }
  ])
  const note = toNote(value)
  assert.ok(
    note.includes('**Artifact** _Calculator_ (`application/vnd.ant.code`, created)\n\n```python\nprint(1 + 1)\n```')
  )
  assert.ok(note.includes('**Artifact** _Calculator_ (updated)\n\n```diff\n-1 + 1\n+2 + 2\n```'))
  assert.ok(note.includes('**Artifact** _Notes_ (`text/markdown`, created)\n\n````markdown\nHas ``` inside\n````'))
  assert.equal(calls(value).length, 0)
  assert.deepEqual(
    notices(value).map((notice) => [notice.level, notice.text]),
    [['error', 'The artifact tool failed: Could not find old_str']]
  )
})

test('citations become footnotes numbered per conversation, with titles from search results', async () => {
  const cited = (value: string, ...citations: Array<[number, string]>) => ({
    type: 'text',
    text: value,
    citations: citations.map(([end, url]) => ({
      uuid: 'x',
      start_index: 0,
      end_index: end,
      details: {type: 'web_search_citation', url}
    }))
  })
  const value = await one([
    chat('c1', [
      human('m1', 'q'),
      assistant('m2', [
        {type: 'tool_use', id: 't1', name: 'web_search', input: {query: 'q'}},
        {
          type: 'tool_result',
          tool_use_id: 't1',
          name: 'web_search',
          content: [{type: 'knowledge', title: 'Page [A]', url: 'https://a.example/x', text: ''}]
        },
        cited(
          'Alpha is first. Beta is second.',
          [15, 'https://a.example/x'],
          [31, 'https://b.example/y'],
          [31, 'https://a.example/x']
        )
      ]),
      human('m3', 'more'),
      assistant('m4', [cited('Again alpha.', [12, 'https://a.example/x'])])
    ])
  ])
  assert.deepEqual(texts(value), [
    'q',
    'Alpha is first.[^1] Beta is second.[^2][^1]\n\n[^1]: [Page \\[A\\]](<https://a.example/x>)\n[^2]: ' +
      '<https://b.example/y>',
    'more',
    'Again alpha.[^1]'
  ])
})

test(
  'attachments show their name, type and size, then their extracted text in full as a code block; files are ' +
    'attachments',
  async () => {
    const paste = Array.from({length: 300}, (_, index) => `line ${index}`).join('\n')
    const value = await one([
      chat('c1', [
        human('m1', 'see files', {
          attachments: [
            {file_name: 'main.py', file_size: 20, file_type: 'text/x-python', extracted_content: 'print("hi")\n'},
            {file_name: '', file_size: paste.length, file_type: 'txt', extracted_content: paste}
          ],
          files: [{file_name: 'main.py'}, {file_name: 'photo.jpg'}],
          files_v2: [{file_name: 'photo.jpg', file_kind: 'image', file_uuid: 'f1'}]
        }),
        assistant('m2', 'ok')
      ])
    ])
    const turn = value.turns[0]!
    assert.deepEqual(
      turn.parts.map((part) => part.type),
      ['text', 'attachment', 'code', 'attachment', 'code', 'attachment']
    )
    const attachments = turn.parts.filter((part): part is AttachmentPart => part.type === 'attachment')
    assert.deepEqual(attachments[0], {
      type: 'attachment',
      text: 'text/x-python, 20 B, 1 line of text',
      name: 'main.py',
      mimeType: 'text/x-python',
      size: 20
    })
    assert.equal(attachments[1]?.name, undefined)
    assert.match(attachments[1]?.text ?? '', /^pasted text, .*300 lines of text$/)
    assert.deepEqual(attachments[2], {type: 'attachment', text: 'image', name: 'photo.jpg'})
    assert.deepEqual(turn.parts[2], {type: 'code', text: 'print("hi")\n', language: 'python'})
    assert.deepEqual(turn.parts[4], {type: 'code', text: paste, language: 'text'})
  }
)

const branched = [
  chat('c1', [
    human('u1', 'first question', {parent_message_uuid: rootParent}),
    assistant('a1', 'first answer', {parent_message_uuid: 'u1'}),
    assistant('a2', 'retried answer', {parent_message_uuid: 'u1'}),
    human('u2', 'abandoned follow-up', {parent_message_uuid: 'a2'}),
    assistant('a3', 'abandoned reply', {parent_message_uuid: 'u2'}),
    human('u3', 'edited follow-up', {parent_message_uuid: 'a2'}),
    assistant('a4', 'kept reply', {parent_message_uuid: 'u3'}),
    human('u0', 'an edited first question, abandoned', {parent_message_uuid: rootParent})
  ])
]

test('with parents, the branch ending at the newest leaf is kept and abandoned messages are only counted', async () => {
  // The newest leaf is u0's; its branch is one message. Without it, a4's branch is kept.
  const [, ...messages] = [...(branched[0]!['chat_messages'] as Message[])].reverse()
  const value = await one([chat('c1', messages.reverse())])
  assert.deepEqual(texts(value), ['first question', 'retried answer', 'edited follow-up', 'kept reply'])
  assert.equal(value.fidelity['abandoned-branch-turn'], 3)
  const newest = await one(branched)
  assert.deepEqual(texts(newest), ['an edited first question, abandoned'])
})

test('branches all shows abandoned branches as branch parts at their fork point', async () => {
  const messages = (branched[0]!['chat_messages'] as Message[]).slice(0, -1)
  const value = await one([chat('c1', messages)], {branches: 'all'})
  assert.deepEqual(outline(value.turns), [
    'first question',
    {branch: 1, origin: 'regenerated-answer', turns: ['first answer']},
    'retried answer',
    {branch: 2, origin: 'edited-prompt', turns: ['abandoned follow-up', 'abandoned reply']},
    'edited follow-up',
    'kept reply'
  ])
  assert.deepEqual(notices(value), [])
  const holder = value.turns[1]!
  assert.deepEqual({...holder, parts: holder.parts.map((part) => part.type)}, {role: 'system', parts: ['branch']})
  assert.equal(value.fidelity['abandoned-branch-turn'], 3)
})

test('a branch follows its newest leaf and holds the branches forking off it', async () => {
  const value = await one(
    [
      chat(
        'c1',
        [
          human('u1', 'question', {parent_message_uuid: rootParent}),
          assistant('a1', 'kept answer', {parent_message_uuid: 'u1'}),
          human('u2', 'edited question', {parent_message_uuid: rootParent}),
          assistant('a2', 'first answer to the edit', {parent_message_uuid: 'u2'}),
          human('u3', 'follow-up', {parent_message_uuid: 'a2'}),
          message('x1', 'unknown', 'from nobody', {parent_message_uuid: 'u2'}),
          assistant('a3', 'retried answer to the edit', {parent_message_uuid: 'u2'})
        ],
        {current_leaf_message_uuid: 'a1'}
      )
    ],
    {branches: 'all'}
  )
  assert.deepEqual(outline(value.turns), [
    {
      branch: 1,
      origin: 'edited-prompt',
      turns: [
        'edited question',
        {branch: 2, origin: 'regenerated-answer', turns: ['first answer to the edit', 'follow-up']},
        {branch: 3, origin: undefined, turns: ['from nobody']},
        'retried answer to the edit'
      ]
    },
    'question',
    'kept answer'
  ])
})

test('a fork at the first message puts the abandoned branch before the kept conversation', async () => {
  const value = await one(
    [
      chat('c1', [
        human('u1', 'original prompt', {parent_message_uuid: rootParent}),
        assistant('a1', 'original answer', {parent_message_uuid: 'u1'}),
        human('u2', 'edited prompt', {parent_message_uuid: rootParent}),
        assistant('a2', 'answer to the edit', {parent_message_uuid: 'u2'})
      ])
    ],
    {branches: 'all'}
  )
  assert.deepEqual(outline(value.turns), [
    {branch: 1, origin: 'edited-prompt', turns: ['original prompt', 'original answer']},
    'edited prompt',
    'answer to the edit'
  ])
})

test('a current_leaf_message_uuid (web API captures) chooses the kept branch', async () => {
  const value = await one([
    chat(
      'c1',
      [
        human('u1', 'q', {parent_message_uuid: rootParent}),
        assistant('a1', 'chosen answer', {parent_message_uuid: 'u1'}),
        assistant('a2', 'newer answer', {parent_message_uuid: 'u1'})
      ],
      {current_leaf_message_uuid: 'a1'}
    )
  ])
  assert.deepEqual(texts(value), ['q', 'chosen answer'])
})

test('without parent fields, messages are kept in file order, consecutive retries included', async () => {
  const value = await one([
    chat('c1', [human('m1', 'q'), assistant('m2', 'first try'), assistant('m3', 'second try'), human('m4', 'thanks')])
  ])
  assert.deepEqual(texts(value), ['q', 'first try', 'second try', 'thanks'])
  assert.deepEqual(value.fidelity, {})
})

test(
  'a parent missing from the conversation starts the note there with a warning, and a cycle never ' + 'hangs',
  async () => {
    const {conversations, file} = await read([
      chat('c1', [
        human('u1', 'lost', {parent_message_uuid: rootParent}),
        human('u2', 'kept', {parent_message_uuid: 'gone'}),
        assistant('a2', 'reply', {parent_message_uuid: 'u2'})
      ]),
      chat('c2', [human('x', 'x', {parent_message_uuid: 'y'}), assistant('y', 'y', {parent_message_uuid: 'x'})])
    ])
    assert.deepEqual(texts(conversations[0]!), ['kept', 'reply'])
    assert.equal(conversations.length, 2)
    assert.deepEqual(
      file.messages.map((item) => item.ruleId),
      ['broken-chain', 'parent-cycle']
    )
    assert.match(
      String(file.messages[0]),
      /In conversation c1 “Chat c1”, message u2 names a parent that is not in the conversation/
    )
  }
)

test('a single conversation object is read like an array of one', async () => {
  const value = await one(chat('solo', [human('m1', 'hi'), assistant('m2', 'hello')]))
  assert.equal(value.id, 'solo')
  assert.deepEqual(texts(value), ['hi', 'hello'])
})

test('an array yields one conversation per element, in order, with its own metadata', async () => {
  const {conversations} = await read([
    chat('c1', [human('m1', 'one')], {
      name: '  ',
      created_at: '2024-03-05T19:40:00.123456',
      updated_at: '2024-03-05T19:41:30+00:00',
      summary: 'About one.',
      project: {uuid: 'p', name: 'Garden'}
    }),
    chat('c2', [human('m2', 'two')], {model: 'claude-3-5-sonnet-20241022'})
  ])
  assert.deepEqual(
    conversations.map((value) => value.id),
    ['c1', 'c2']
  )
  const [first, second] = conversations
  assert.equal(first?.title, undefined)
  assert.equal(first?.createdAt, '2024-03-05T19:40:00.123Z')
  assert.equal(first?.updatedAt, '2024-03-05T19:41:30.000Z')
  assert.equal(first?.metadata.project, 'Garden')
  assert.deepEqual(first?.metadata.extra, {summary: 'About one.'})
  assert.deepEqual(second?.metadata.models, ['claude-3-5-sonnet-20241022'])
})

test('conversations are yielded as they are parsed, before the rest of the export is read', async () => {
  const first = Buffer.from(`[${JSON.stringify(chat('c1', [human('m1', 'early')]))},`)
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  let restRead = false
  const input: Input = {
    name: 'conversations.json',
    head: async (bytes) => first.subarray(0, bytes),
    async *open() {
      yield first
      await gate
      restRead = true
      yield Buffer.from(`${JSON.stringify(chat('c2', [human('m2', 'late')]))}]`)
    }
  }
  const reading = await createNormalizer({builtins: [claude()]}).read(input)
  const iterator = reading.conversations[Symbol.asyncIterator]()
  const early = await iterator.next()
  assert.equal(restRead, false)
  assert.equal(early.value?.id, 'c1')
  release()
  assert.equal((await iterator.next()).value?.id, 'c2')
  assert.equal((await iterator.next()).done, true)
})

test('a conversation without visible messages is skipped with a warning naming it', async () => {
  const {conversations, file} = await read([
    chat('empty', [human('m1', '  ')], {name: 'Draft'}),
    chat('c2', [human('m2', 'hi')]),
    chat('none', [])
  ])
  assert.deepEqual(
    conversations.map((value) => value.id),
    ['c2']
  )
  assert.deepEqual(
    file.messages.map((item) => [item.ruleId, item.fatal]),
    [
      ['empty-conversation', false],
      ['empty-conversation', false]
    ]
  )
  assert.match(
    String(file.messages[0]),
    /Skipped conversation empty “Draft”: it has no message with text, content or attachments/
  )
  assert.match(String(file.messages[1]), /Skipped conversation none “Chat none”/)
})

test('an export with no readable conversation fails with the reason', async () => {
  const {conversations, file} = await read([chat('a', []), chat('b', [human('m', '')])])
  assert.equal(conversations.length, 0)
  assert.match(
    String(file.messages.find((item) => item.fatal)),
    /no readable conversation in the Claude\.ai export: all 2 conversations have no message/
  )
})

test('an export whose items are not conversations fails with what was expected', async () => {
  const normalizer = createNormalizer({builtins: [claude()]})
  const {conversations, file} = await normalizer.normalize(
    inputFromString(JSON.stringify([chat('a', []), {hello: 1}]), 'conversations.json')
  )
  assert.equal(conversations.length, 0)
  assert.match(
    String(file.messages.find((item) => item.ruleId === 'not-a-conversation')),
    /Skipped item 1 of the export: expected a Claude\.ai conversation .* found an object with hello/
  )
})

test('an export cut off mid-conversation keeps the conversations before the break, with a warning', async () => {
  const whole = JSON.stringify([chat('c1', [human('m1', 'complete')]), chat('c2', [human('m2', 'cut off')])])
  const {conversations, file} = await read(whole.slice(0, whole.indexOf('cut off')))
  assert.deepEqual(
    conversations.map((value) => value.id),
    ['c1']
  )
  assert.deepEqual(
    file.messages.map((item) => [item.ruleId, item.fatal]),
    [['malformed-json', false]]
  )
})

test('unknown content blocks are kept as a warning notice and counted', async () => {
  const value = await one([chat('c1', [human('m1', 'q'), assistant('m2', [text('a'), {type: 'hologram', data: 'x'}])])])
  assert.equal(notices(value)[0]?.text, 'A content block of unknown type “hologram” is not shown')
  assert.equal(value.fidelity['unknown-content-block'], 1)
})

test('detection is certain for conversations with uuid, chat_messages and senders, and names the variant', () => {
  const value = JSON.stringify([chat('c1', [human('m1', 'hi')])], null, 2)
  assert.deepEqual(plugin.detect(sample(value)), {
    confidence: 'certain',
    reason: 'JSON array of conversations with uuid and chat_messages[] whose messages have sender human/assistant',
    variant: 'claude-ai-export'
  })
  assert.equal(
    plugin.detect(sample(JSON.stringify(chat('c1', [{uuid: 'm', role: 'user', text: 'x'}])))).confidence,
    'certain'
  )
  assert.equal(plugin.detect(sample(JSON.stringify([chat('c1', [])]))).confidence, 'likely')
  assert.equal(plugin.detect(sample('[]')).confidence, 'none')
})

test('detection works on the partial head of a large export, pretty-printed or minified', () => {
  const big = [chat('c1', [human('m1', 'hi'), assistant('m2', 'x'.repeat(100_000))]), chat('c2', [human('m3', 'more')])]
  for (const spacing of [2, 0]) {
    const whole = JSON.stringify(big, null, spacing)
    const head = sample(whole.slice(0, 4096), false)
    assert.equal(head.jsonComplete, false)
    const verdict = plugin.detect(head)
    assert.equal(verdict.confidence, 'certain', verdict.reason)
    assert.equal(verdict.variant, 'claude-ai-export')
    assert.match(verdict.reason, /in the head of a larger file/)
  }
  // Cut inside the first human message, before its sender: still this format's shape.
  const early = sample(
    JSON.stringify([chat('c1', [{uuid: 'm1', text: 'y'.repeat(10_000), sender: 'human'}])], null, 2).slice(0, 1000),
    false
  )
  assert.equal(plugin.detect(early).confidence, 'likely')
})

test('a one-line minified export that fits the sample is detected too', () => {
  const line = JSON.stringify([chat('c1', [human('m1', 'hi')])])
  const head = sample(line)
  assert.equal(head.kind, 'jsonl')
  assert.equal(plugin.detect(head).variant, 'claude-ai-export')
})

test('detection never claims ChatGPT, Gemini, Codex or Slack files, and Claude Code keeps its own variant', () => {
  const others = [
    JSON.stringify([
      {
        title: 't',
        create_time: 1,
        mapping: {a: {id: 'a', message: null, parent: null, children: []}},
        current_node: 'a',
        conversation_id: 'x',
        id: 'x'
      }
    ]),
    JSON.stringify({title: 't', mapping: {}, current_node: 'a', id: 'x'}),
    JSON.stringify({
      sessionId: 's',
      projectHash: 'p',
      startTime: 'x',
      messages: [{id: 'm', type: 'user', content: 'hi'}]
    }),
    JSON.stringify({session: {id: 's', timestamp: 'x'}, items: [{type: 'message', role: 'user', content: []}]}),
    JSON.stringify([{type: 'message', user: 'U1', text: 'hi', ts: '1433558319.000002'}]),
    JSON.stringify([{uuid: 'x', name: 'not a chat', created_at: 'x'}])
  ]
  for (const value of others) assert.equal(plugin.detect(sample(value)).confidence, 'none', value.slice(0, 60))
  const record = {parentUuid: null, isSidechain: false, type: 'user', uuid: 'u', sessionId: 's', timestamp: 'x'}
  const code = `${JSON.stringify({...record, message: {role: 'user', content: 'hi'}})}\n`
  assert.equal(plugin.detect(sample(code, true, 's.jsonl')).variant, 'claude-code-jsonl')
})

test('with the format chosen by name, the export is still recognised and read', async () => {
  const normalizer = createNormalizer({builtins: [claude()]})
  const {conversations, detection} = await normalizer.normalize(
    inputFromString(JSON.stringify([chat('c1', [human('m1', 'hi')])]), 'export.json'),
    {format: 'claude'}
  )
  assert.equal(detection.decidedBy, 'option')
  assert.equal(conversations[0]?.source.variant, 'claude-ai-export')
})

const corpusFiles = (await readdir(corpus)).filter((name) => name.endsWith('.json')).sort()
for (const name of corpusFiles) {
  test(`corpus claude-ai/${name} is detected as certain and reads into non-empty notes without warnings`, async () => {
    const normalizer = createNormalizer({builtins: [claude()]})
    const {conversations, file, detection} = await normalizer.normalize(await inputFromPath(join(corpus, name)))
    const verdict = detection.verdicts.find((item) => item.format === 'claude')
    assert.equal(detection.format, 'claude')
    assert.equal(verdict?.confidence, 'certain')
    assert.equal(verdict?.variant, 'claude-ai-export')
    assert.deepEqual(file.messages.map(String), [])
    assert.ok(
      conversations.length > 0 &&
        conversations.every((value) => value.turns.length > 0 && value.source.variant === 'claude-ai-export')
    )
  })
}
