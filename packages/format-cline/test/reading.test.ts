import assert from 'node:assert/strict'
import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {Conversation, Normalized, ToolCallPart} from '@chatmark/core'
import {createNormalizer, createSample, inputFromFolder, inputFromPath, inputFromString} from '@chatmark/core'
import {cline} from '@chatmark/format-cline'

const fixtures = new URL('../fixtures/', import.meta.url)
const extensionTask = 'extension-3.51-task/input/saoudrizwan.claude-dev/tasks/1769064454592'

async function read(text: string, name = 'api_conversation_history.json'): Promise<Normalized> {
  return createNormalizer({formats: [cline()]}).normalize(inputFromString(text, name))
}

async function fixture(path: string): Promise<string> {
  return readFile(new URL(path, fixtures), 'utf8')
}

async function withFolder<T>(files: Record<string, string>, run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-cline-'))
  try {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(dir, path, '..'), {recursive: true})
      await writeFile(join(dir, path), text)
    }
    return await run(dir)
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
}

const calls = (conversation: Conversation): ToolCallPart[] =>
  conversation.turns.flatMap((turn) => turn.parts.filter((part): part is ToolCallPart => part.type === 'tool-call'))

test('an api history cut off keeps every message before the cut, and says where it broke in which file', async () => {
  const text = await fixture(`${extensionTask}/api_conversation_history.json`)
  const {conversations, file} = await read(text.slice(0, Math.floor(text.length * 0.6)))
  assert.equal(conversations.length, 1)
  const messages = file.messages.map(String)
  assert.ok(messages.some((message) => /api_conversation_history\.json: The JSON breaks off at byte \d+/.test(message)))
  assert.equal(calls(conversations[0]!)[0]?.name, 'read_file')
})

test('a ui record that is not JSON is skipped with its place named; the others are read', async () => {
  const records = JSON.parse(await fixture('ui-messages-only/input.json')) as unknown[]
  const parts = records.map((record) => JSON.stringify(record))
  parts[3] = '{"ts": 17605, "type": "ask", broken'
  const {conversations, file} = await read(`[${parts.join(',\n')}]`, 'ui_messages.json')
  assert.equal(conversations.length, 1)
  assert.ok(file.messages.map(String).some((message) => message.includes('ui_messages.json: Item 3 of the array')))
  assert.ok(conversations[0]!.turns.some((turn) => turn.role === 'user'))
})

test('ui records of an unknown kind are reported and counted, never dropped silently', async () => {
  const api = JSON.stringify([
    {role: 'user', content: [{type: 'text', text: '<task>\nHi\n</task>'}]},
    {
      role: 'assistant',
      content: [
        {type: 'text', text: 'Hello.'},
        {type: 'server_tool_use', id: 's1', name: 'web'}
      ]
    }
  ])
  const ui = JSON.stringify([
    {ts: 1769064454625, type: 'say', say: 'text', text: 'Hi', conversationHistoryIndex: -1},
    {ts: 1769064454700, type: 'say', say: 'brand_new_kind', text: 'x', conversationHistoryIndex: 0}
  ])
  await withFolder({'t1/api_conversation_history.json': api, 't1/ui_messages.json': ui}, async (dir) => {
    const {conversations, file} = await createNormalizer({formats: [cline()]}).normalize(await inputFromFolder(dir))
    const conversation = conversations[0]!
    assert.equal(conversation.fidelity['ui-say-brand_new_kind'], 1)
    assert.equal(conversation.fidelity['unknown-block'], 1)
    assert.ok(file.messages.map(String).some((message) => message.includes('say brand_new_kind (1)')))
    const notice = conversation.turns[1]!.parts.find((part) => part.type === 'notice')
    assert.equal(notice?.type === 'notice' && notice.kind, 'unknown-content')
  })
})

test('an api history read alone takes the ui messages and metadata beside it: times, cost, version', async () => {
  const files: Record<string, string> = {}
  for (const name of ['api_conversation_history.json', 'ui_messages.json', 'task_metadata.json']) {
    files[`1769064454592/${name}`] = await fixture(`${extensionTask}/${name}`)
  }
  await withFolder(files, async (dir) => {
    const path = join(dir, '1769064454592', 'api_conversation_history.json')
    const {conversations} = await createNormalizer({formats: [cline()]}).normalize(await inputFromPath(path))
    const conversation = conversations[0]!
    assert.equal(conversation.id, '1769064454592')
    assert.equal(conversation.createdAt, '2026-01-22T06:47:34.625Z')
    assert.equal(conversation.metadata.extra?.['clineVersion'], '3.51.0')
    assert.equal(conversation.metadata.extra?.['cost'], 0.128)
    assert.equal(conversation.fidelity['checkpoint'], 3)
  })
})

test('a task whose files are all unreadable is reported and skipped; the other tasks are kept', async () => {
  const api = await fixture(`${extensionTask}/api_conversation_history.json`)
  await withFolder(
    {'a/api_conversation_history.json': '\u0000\u0001junk', 'b/api_conversation_history.json': api},
    async (dir) => {
      const {conversations, file} = await createNormalizer({formats: [cline()]}).normalize(await inputFromFolder(dir))
      assert.deepEqual(
        conversations.map((conversation) => conversation.id),
        ['b']
      )
      const messages = file.messages.map(String)
      assert.ok(messages.some((message) => message.includes('Could not read a/api_conversation_history.json')))
      assert.ok(messages.some((message) => message.includes('task a holds no messages')))
    }
  )
})

test('Cline`s XML tool tags become calls with their results; other tags stay text', async () => {
  const {conversations} = await read(
    JSON.stringify([
      {role: 'user', content: '<task>\nShow <div> usage\n</task>'},
      {role: 'assistant', content: 'A <div> groups blocks.\n<list_files>\n<path>src</path>\n</list_files>'},
      {role: 'user', content: [{type: 'text', text: "[list_files for 'src'] Result:\nindex.html"}]}
    ])
  )
  const conversation = conversations[0]!
  assert.equal(
    conversation.turns[0]!.parts[0]?.type === 'text' && conversation.turns[0]!.parts[0].text,
    'Show <div> usage'
  )
  const [call] = calls(conversation)
  assert.deepEqual(call?.input, {path: 'src'})
  assert.equal(call?.result?.text, 'index.html')
  const text = conversation.turns[1]!.parts[0]
  assert.equal(text?.type === 'text' && text.text, 'A <div> groups blocks.')
})

test('detection: certain on Cline`s files, none on plain Anthropic messages or other JSON', async () => {
  const verdict = async (text: string, name: string) =>
    cline().detect(await createSample(inputFromString(text, name), 64 * 1024))
  assert.equal((await verdict(await fixture('roo-v2-history/input.json'), 'x.json')).confidence, 'certain')
  assert.equal((await verdict(await fixture('ui-messages-only/input.json'), 'x.json')).confidence, 'certain')
  assert.equal((await verdict(await fixture('sdk-messages-file/input.json'), 'x.json')).confidence, 'certain')
  const plain = JSON.stringify([
    {role: 'user', content: 'hi'},
    {role: 'assistant', content: 'hello'}
  ])
  assert.equal((await verdict(plain, 'messages.json')).confidence, 'none')
  assert.equal((await verdict('{"a": 1}', 'a.json')).confidence, 'none')
  assert.equal((await verdict('plain words', 'a.txt')).confidence, 'none')
  const kilo = await verdict(
    await fixture(`${extensionTask}/ui_messages.json`),
    '/x/kilocode.kilo-code/tasks/1/ui_messages.json'
  )
  assert.equal(kilo.variant, 'kilo-code')
})

test('ui records read alone: reasoning, follow-up questions, tools, partial records, kinds to come', async () => {
  const at = (second: number): number => 1760500000000 + second * 1000
  const {conversations} = await read(
    JSON.stringify([
      {ts: at(0), type: 'say', say: 'task', text: 'Tidy the imports', images: ['data:image/png;base64,iVBORw0KGgo=']},
      {ts: at(1), type: 'say', say: 'api_req_started', text: '{"tokensIn": 10, "tokensOut": 5}'},
      {ts: at(2), type: 'say', say: 'reasoning', text: 'Look at the files first.'},
      {ts: at(2), type: 'say', say: 'text', text: 'Half a sent', partial: true},
      {ts: at(3), type: 'say', say: 'tool', text: '{"tool": "listFilesTopLevel", "path": "src"}'},
      {ts: at(4), type: 'ask', ask: 'followup', text: '{"question": "Sort them too?", "options": ["yes", "no"]}'},
      {ts: at(5), type: 'say', say: 'checkpoint_created'},
      {ts: at(6), type: 'say', say: 'condense', text: 'Summary: imports to tidy.'},
      {ts: at(7), type: 'say', say: 'a_kind_from_tomorrow', text: '?'}
    ]),
    'ui_messages.json'
  )
  const conversation = conversations[0]!
  const [user, assistant] = conversation.turns
  assert.equal(user?.parts[1]?.type, 'attachment')
  assert.deepEqual(
    assistant?.parts.map((part) => part.type),
    ['thinking', 'tool-call', 'text', 'notice']
  )
  assert.deepEqual(assistant?.tokens, {input: 10, output: 5})
  assert.equal(conversation.fidelity['partial-ui-message'], 1)
  assert.equal(conversation.fidelity['ui-say-a_kind_from_tomorrow'], 1)
})

test('Roo`s v2 history: tool errors, images and files, and reasoning with no summary', async () => {
  const {conversations} = await read(
    JSON.stringify({
      version: 2,
      messages: [
        {
          role: 'user',
          content: [
            {type: 'text', text: 'Read it'},
            {type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png'}
          ]
        },
        {type: 'reasoning', encrypted_content: 'gAAAA', summary: []},
        {
          role: 'assistant',
          content: [{type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: {path: 'a'}}]
        },
        {
          role: 'tool',
          content: [{type: 'tool-result', toolCallId: 'c1', output: {type: 'error-json', value: {code: 2}}}]
        },
        {role: 'assistant', content: 'Missing.'}
      ]
    }),
    'api_conversation_history.json'
  )
  const conversation = conversations[0]!
  assert.equal(conversation.source.variant, 'roo-code')
  assert.equal(conversation.turns[0]?.parts[1]?.type, 'attachment')
  const [call] = calls(conversation)
  assert.equal(call?.result?.isError, true)
  assert.match(call?.result?.text ?? '', /"code": 2/)
  const redacted = conversation.turns[1]?.parts[0]
  assert.equal(redacted?.type === 'notice' && redacted.kind, 'redacted-thinking')
})
