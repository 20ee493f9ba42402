import assert from 'node:assert/strict'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import type {Conversation, Sample, ToolCallPart} from '@chatmark/core'
import {createNormalizer, inputFromPath, inputFromString, sampleFromBytes, validateConversation} from '@chatmark/core'
import * as api from '@chatmark/format-continue'
import {continueCli} from '@chatmark/format-continue'

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/${name}/input.json`, import.meta.url))
const plugin = continueCli()
const sample = (text: string, complete = true): Sample =>
  sampleFromBytes(Buffer.from(text), {name: 'session.json', complete})
const session = (history: unknown[], extra: Record<string, unknown> = {}): string =>
  JSON.stringify({sessionId: 's-1', title: 'Untitled Session', workspaceDirectory: '/p', history, ...extra}, null, 2)
const item = (message: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  message,
  contextItems: [],
  ...extra
})

async function read(text: string) {
  return createNormalizer({formats: [continueCli()]}).normalize(inputFromString(text, 'session.json'))
}

async function conversation(text: string): Promise<Conversation> {
  const {conversations, file} = await read(text)
  assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
  assert.equal(conversations.length, 1)
  assert.equal(validateConversation(conversations[0]!), undefined)
  return conversations[0]!
}

const toolCalls = (value: Conversation): ToolCallPart[] =>
  value.turns.flatMap((turn) => turn.parts.filter((part): part is ToolCallPart => part.type === 'tool-call'))

test('the package exports exactly the continueCli factory', () => {
  assert.deepEqual(Object.keys(api).sort(), ['continueCli'])
})

test('the plugin names itself continue, hints at .json and describes itself in one line', () => {
  assert.equal(plugin.name, 'continue')
  assert.deepEqual(plugin.extensions, ['.json'])
  assert.match(plugin.description, /^[^\n]+$/)
})

test('detection is certain for a session and for the sessions.json index', () => {
  assert.deepEqual(plugin.detect(sample(session([]))), {
    confidence: 'certain',
    reason: 'top-level sessionId, workspaceDirectory and history[]',
    variant: 'session'
  })
  const index = JSON.stringify([{sessionId: 'a', title: 't', dateCreated: '1', workspaceDirectory: '/p'}])
  assert.equal(plugin.detect(sample(index)).confidence, 'certain')
  assert.equal(plugin.detect(sample(JSON.stringify({sessionId: 'a', history: []}))).confidence, 'likely')
})

test('detection reads the partial head of a large session', () => {
  const text = session(Array.from({length: 2000}, (_, index) => item({role: 'user', content: `m${index}`})))
  assert.equal(plugin.detect(sample(text.slice(0, 4000), false)).confidence, 'certain')
})

test('detection declines other input with a reason naming what it saw', () => {
  for (const text of [
    '',
    'hello',
    '[]',
    '[1]',
    'null',
    '{}',
    '{"sessionId": "x", "messages": []}',
    '{"history": []}',
    '{"sessionId": "s"}\n{"sessionId": "t"}\n'
  ]) {
    const verdict = plugin.detect(sample(text))
    assert.equal(verdict.confidence, 'none', text)
    assert.ok(verdict.reason.length > 5)
  }
})

test('a real headless session: prompts, answers, tool calls with their results and token counts', async () => {
  const value = await conversation(await readText(fixture('headless-tools')))
  assert.equal(value.id, 'ceb6e4bd-5e2a-42d0-ac5f-0d2ba7f81dc1')
  assert.equal(value.title, undefined, 'the default title "Untitled Session" is not a title')
  assert.equal(value.metadata.project, '/tmp/producers/continue-run/demo-project')
  assert.deepEqual(
    value.turns.map((turn) => turn.role),
    ['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant']
  )
  assert.deepEqual(
    toolCalls(value).map((call) => [call.name, call.status, call.result?.text.split('\n')[0]]),
    [
      ['List', 'done', 'Files in /tmp/producers/continue-run/demo-project:'],
      ['Read', 'done', 'Content of /tmp/producers/continue-run/demo-project/notes.txt:'],
      ['Bash', 'done', 'total 16']
    ]
  )
  assert.deepEqual(value.turns[1]?.tokens, {input: 360, output: 63, cached: 0, thoughts: 32, total: 423})
})

test('an errored tool call keeps its output as an error result', async () => {
  const value = await conversation(await readText(fixture('tool-error')))
  const [call] = toolCalls(value)
  assert.equal(call?.status, 'errored')
  assert.equal(call?.result?.isError, true)
})

test('a TUI `!` shell command is the user’s own tool call, not an assistant turn', async () => {
  const value = await conversation(await readText(fixture('tui-before-compact')))
  const shell = value.turns.find((turn) =>
    turn.parts.some((part) => part.type === 'tool-call' && part.id?.startsWith('shell-'))
  )
  assert.equal(shell?.role, 'user')
  assert.equal(value.turns.at(-1)?.role, 'user', 'the failed request’s prompt is kept, unanswered')
})

test('a compacted session shows the summary in a compaction notice before the later turns', async () => {
  const value = await conversation(await readText(fixture('tui-compacted')))
  assert.equal(value.title, 'Mock TUI session')
  const notice = value.turns[0]?.parts[0]
  assert.ok(notice?.type === 'notice' && notice.kind === 'compaction')
  assert.match(notice.summary ?? '', /Primary Request/)
  assert.deepEqual(
    value.turns.map((turn) => turn.role),
    ['system', 'user', 'assistant']
  )
})

test('the sessions.json index is a listing of its sessions, with a message that they are separate files', async () => {
  const {conversations, file} = await createNormalizer({formats: [continueCli()]}).normalize(
    await inputFromPath(fixture('sessions-index'))
  )
  assert.equal(conversations.length, 1)
  assert.equal(conversations[0]?.source.variant, 'index')
  assert.equal(conversations[0]?.turns[0]?.parts.length, 4)
  assert.deepEqual(
    file.messages.map((message) => [message.ruleId, message.fatal]),
    [['session-index', false]]
  )
})

test('content parts, images, context items, reasoning, thinking and tool messages are all read', async () => {
  const value = await conversation(
    session([
      item(
        {
          role: 'user',
          content: [
            {type: 'text', text: 'look'},
            {type: 'imageUrl', imageUrl: {url: 'data:image/png;base64,AAAA'}},
            {type: 'imageUrl', imageUrl: {url: 'https://example.com/a.png'}},
            {type: 'imageUrl'},
            {type: 'audio'}
          ]
        },
        {contextItems: [{name: 'a.ts', description: 'src/a.ts', content: 'code'}, 7]}
      ),
      item({role: 'system', content: 'You are helpful'}),
      item({role: 'thinking', content: 'hmm'}),
      item(
        {
          role: 'assistant',
          content: '',
          toolCalls: [{id: 'c1', type: 'function', function: {name: 'Read', arguments: '{"path":"a"}'}}]
        },
        {reasoning: {active: false, text: 'plan', startAt: 1_700_000_000_000}}
      ),
      item({role: 'tool', toolCallId: 'c1', content: 'file text'}),
      item({role: 'tool', toolCallId: 'c9', content: 'stray'}),
      item({role: 'assistant', content: 'done', usage: {model: 'm'}}),
      item({role: 'assistant', content: '', toolCalls: [{id: 'c2', function: {arguments: 'not json'}}]}),
      item({role: 'assistant', content: '', toolCalls: [{function: {name: 'X'}}]}),
      item({role: 'user', content: '   '}),
      item({role: 'robot', content: 'x'}),
      'junk'
    ])
  )
  const [user, assistant] = value.turns
  assert.deepEqual(
    user?.parts.map((part) => part.type),
    ['text', 'attachment', 'attachment', 'attachment', 'attachment']
  )
  assert.equal(assistant?.timestamp, '2023-11-14T22:13:20.000Z')
  assert.deepEqual(
    assistant?.parts.map((part) => part.type),
    ['thinking', 'thinking', 'tool-call', 'tool-call', 'text', 'tool-call', 'tool-call']
  )
  const calls = toolCalls(value)
  assert.deepEqual(calls[0]?.input, {path: 'a'})
  assert.equal(calls[0]?.result?.text, 'file text')
  assert.equal(calls[1]?.result?.text, 'stray')
  assert.equal(calls[2]?.input, 'not json')
  assert.equal(calls[3]?.name, 'X')
  assert.deepEqual(value.fidelity, {
    'unknown-content-type': 1,
    'injected-context': 1,
    'meta-message': 1,
    'orphan-tool-result': 1,
    'empty-message': 1,
    'unknown-record': 2
  })
})

test('a session with no messages is a warning and no note; bad documents fail with a reason', async () => {
  const {conversations, file} = await read(session([]))
  assert.equal(conversations.length, 0)
  assert.deepEqual(
    file.messages.map((message) => message.ruleId),
    ['empty-session']
  )
  for (const text of ['[1, 2]', '{"a": 1}', 'null', '{"sessionId": "s", "history": [']) {
    const result = await createNormalizer({formats: [continueCli()]}).normalize(inputFromString(text, 'x.json'), {
      format: 'continue'
    })
    assert.equal(result.conversations.length, 0)
    assert.ok(
      result.file.messages.some((message) => message.fatal && message.reason.length > 20),
      text
    )
  }
})

test('session usage, mode and model title reach the metadata', async () => {
  const value = await conversation(
    session([item({role: 'user', content: 'hi'})], {
      usage: {totalCost: 0.5, promptTokens: 10, completionTokens: 2, promptTokensDetails: {cachedTokens: 1}},
      mode: 'agent',
      chatModelTitle: 'GPT'
    })
  )
  assert.deepEqual(value.metadata.tokens, {input: 10, output: 2, cached: 1})
  assert.deepEqual(value.metadata.extra, {cost: 0.5, mode: 'agent', chatModel: 'GPT'})
})

async function readText(path: string): Promise<string> {
  const {readFile} = await import('node:fs/promises')
  return readFile(path, 'utf8')
}
