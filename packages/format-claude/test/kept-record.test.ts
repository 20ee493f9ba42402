import assert from 'node:assert/strict'
import {readdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {createSharedStrings} from '@chatmark/core'
import {test} from 'vitest'
import {keptFields, keptRecord} from '../src/kept-record.js'
import {assistant, conversation, envelope, jsonl, user} from './helpers.js'

const sources = fileURLToPath(new URL('../src/', import.meta.url))

/** The fields every kept record has, and those of its message. */
const alwaysKept = ['type', 'uuid', 'timestamp', 'message', 'cwd', 'gitBranch', 'version']
const messageFields = ['role', 'content', 'id', 'model', 'usage']

/** Every `<name>['<field>']` the Claude Code reader's steps read, by the name of what it reads. */
async function fieldsRead(names: readonly string[]): Promise<Set<string>> {
  const files = (await readdir(sources, {recursive: true})).filter(
    // The Claude.ai export has records of its own, which are not kept.
    (name) => name.endsWith('.ts') && !/export|detect/.test(name) && name !== 'kept-record.ts'
  )
  const read = new Set<string>()
  const pattern = new RegExp(`\\b(?:${names.join('|')})\\[['"](\\w+)['"]\\]`, 'g')
  for (const name of files) {
    const text = await readFile(join(sources, name), 'utf8')
    for (const match of text.matchAll(pattern)) read.add(match[1]!)
  }
  return read
}

test('every field of a record that a step reads is kept', async () => {
  // `record`, `member` and `lastMember` name a kept record wherever the steps read one; `value` is a parsed line,
  // read before it is kept.
  const read = await fieldsRead(['record', 'member', 'lastMember'])
  assert.ok(read.size > 10, `found only ${[...read].join(', ')}`)
  const missing = [...read].filter((field) => !alwaysKept.includes(field) && !keptFields.includes(field))
  assert.deepEqual(missing, [])
  const messageRead = await fieldsRead(['message', 'lastMessage'])
  assert.deepEqual(
    [...messageRead].filter((field) => !messageFields.includes(field)),
    []
  )
})

test('a kept record holds what a note reads and none of the bookkeeping a Claude Code 2.1 line carries', () => {
  // A tool call as Claude Code 2.1.332 wrote it (fixtures/claude-code/real-tui-compact), thinking added.
  const line = {
    parentUuid: '7d35ffd5-3b94-4587-b033-0213d4dce094',
    isSidechain: false,
    message: {
      id: 'msg_mockac82b15fd4e7b2d7432db3ce',
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-5-5',
      content: [
        {
          type: 'thinking',
          thinking: 'Read the notes first.',
          signature: 'c2lnZGVhZGU4MGJiODJkZGE1YjA1NjMxMmIwNDdiNzdl'
        },
        {type: 'tool_use', id: 'toolu_mockb303312c7c624592817db7de', name: 'Read', input: {file_path: '/p/notes.txt'}}
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: {
        input_tokens: 3069,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 96,
        output_tokens_details: {thinking_tokens: 0},
        server_tool_use: {web_search_requests: 0, web_fetch_requests: 0},
        service_tier: 'standard',
        cache_creation: {ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0}
      },
      stop_details: null
    },
    toolInputStreamMs: 1,
    serverClassifierRequest: '270b20d3-1671-4534-9caa-9d030a3f0542',
    apiBlockIndex: 2,
    requestRef: 'd5ae362a-5f06-463e-b4f0-ad668f09f4ab',
    requestedModel: 'claude-opus-5-5',
    promptCacheRequested: '5m',
    type: 'assistant',
    uuid: '38583437-20a3-4bf3-bd8a-1e7f26acc079',
    timestamp: '2026-11-30T06:54:52.085Z',
    effort: 'medium',
    perTurnEffort: 'medium',
    madeBy: 'model',
    session_id: '512631c8-14de-455c-a1f6-b9bab3283c2b',
    userType: 'external',
    entrypoint: 'cli',
    cwd: '/tmp/producers-claude/claude-run/demo-project',
    sessionId: '512631c8-14de-455c-a1f6-b9bab3283c2b',
    version: '2.1.332',
    gitBranch: 'HEAD'
  }
  const strings = createSharedStrings()
  const kept = keptRecord(structuredClone(line), strings)
  assert.deepEqual(JSON.parse(JSON.stringify(kept)), {
    type: 'assistant',
    uuid: '38583437-20a3-4bf3-bd8a-1e7f26acc079',
    timestamp: '2026-11-30T06:54:52.085Z',
    message: {
      role: 'assistant',
      content: [
        {type: 'thinking', thinking: 'Read the notes first.'},
        {type: 'tool_use', id: 'toolu_mockb303312c7c624592817db7de', name: 'Read', input: {file_path: '/p/notes.txt'}}
      ],
      id: 'msg_mockac82b15fd4e7b2d7432db3ce',
      model: 'claude-opus-5-5',
      usage: {input_tokens: 3069, output_tokens: 96, cache_read_input_tokens: 0, cache_creation_input_tokens: 0}
    },
    cwd: '/tmp/producers-claude/claude-run/demo-project',
    gitBranch: 'HEAD',
    version: '2.1.332'
  })
  // The folder, branch, version and model of the next record are the strings this one kept.
  const next = keptRecord(JSON.parse(JSON.stringify(line)), strings)
  for (const field of ['cwd', 'gitBranch', 'version'] as const) assert.ok(Object.is(next[field], kept[field]))
})

test('thinking blocks keep what tells them apart: their text, else their signature', async () => {
  const lines = jsonl(
    user('u1', null, 'Think twice.'),
    assistant('a1', 'u1', 'msg_1', [{type: 'thinking', thinking: 'First.', signature: 'sig-1'}]),
    assistant('a2', 'a1', 'msg_1', [{type: 'thinking', thinking: 'Second.', signature: 'sig-2'}]),
    // Written twice (a resumed stream): one part.
    assistant('a3', 'a2', 'msg_1', [{type: 'thinking', thinking: 'Second.', signature: 'sig-2'}]),
    // No text kept: two blocks with other signatures are two blocks the transcript did not keep.
    assistant('a4', 'a3', 'msg_1', [{type: 'thinking', signature: 'sig-3'}]),
    assistant('a5', 'a4', 'msg_1', [{type: 'thinking', signature: 'sig-4'}]),
    assistant('a6', 'a5', 'msg_1', [{type: 'text', text: 'Done.'}])
  )
  const value = await conversation(lines)
  assert.deepEqual(
    value.turns.flatMap((turn) => turn.parts.map((part) => `${part.type}: ${'text' in part ? part.text : ''}`)),
    ['text: Think twice.', 'thinking: First.', 'thinking: Second.', 'text: Done.']
  )
  assert.equal(value.fidelity['thinking-not-recorded'], 2)
  const kept = keptRecord(
    {...envelope, type: 'assistant', message: {content: [{type: 'thinking', signature: 's'}]}},
    createSharedStrings()
  )
  assert.deepEqual((kept['message'] as {content: unknown}).content, [{type: 'thinking', signature: 's'}])
})
