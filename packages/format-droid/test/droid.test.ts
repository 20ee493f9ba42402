import assert from 'node:assert/strict'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import type {Conversation, Input, NoticePart, Sample} from '@chatmark/core'
import {createNormalizer, inputFromPath, inputFromString, sampleFromBytes} from '@chatmark/core'
import * as api from '@chatmark/format-droid'
import {droid} from '@chatmark/format-droid'

const plugin = droid()
const path = (name: string): string => fileURLToPath(new URL(name, import.meta.url))
const sample = (text: string): Sample => sampleFromBytes(Buffer.from(text), {name: 's.jsonl', complete: true})
const start = JSON.stringify({type: 'session_start', id: 's-1', title: 'T', version: 2, cwd: '/p'})
const message = (role: string, content: unknown[], extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    type: 'message',
    id: `m-${Math.random()}`,
    timestamp: '2026-12-06T10:00:00Z',
    message: {role, content},
    ...extra
  })

async function read(input: Input, formatOptions: Record<string, unknown> = {}) {
  const reading = await createNormalizer({formats: [droid()]}).read(input, {formatOptions})
  const conversations: Conversation[] = []
  for await (const conversation of reading.conversations) conversations.push(conversation)
  return {conversations, messages: reading.file.messages.map(String)}
}
const notices = (conversation: Conversation): NoticePart[] =>
  conversation.turns.flatMap((turn) => turn.parts.filter((part): part is NoticePart => part.type === 'notice'))

test('the package exports exactly the droid factory', () => {
  assert.deepEqual(Object.keys(api), ['droid'])
  assert.equal(plugin.name, 'droid')
})

test("detection: certain on session_start; Pi-like message records alone are not Droid's", () => {
  assert.deepEqual(plugin.detect(sample(`${start}\n${message('user', [{type: 'text', text: 'hi'}])}\n`)), {
    confidence: 'certain',
    reason: 'a Factory Droid session_start record with id and cwd'
  })
  assert.equal(plugin.detect(sample(`${start}\n`)).confidence, 'certain')
  const hi = message('user', [{type: 'text', text: 'hi'}])
  const pi = `${JSON.stringify({type: 'session', version: 3, id: 'x', cwd: '/p'})}\n${hi}\n`
  assert.equal(plugin.detect(sample(pi)).confidence, 'none')
  const headless = `${hi}\n${JSON.stringify({type: 'agent_turn_outcome', reason: 'completed'})}\n`
  assert.equal(plugin.detect(sample(headless)).confidence, 'likely')
})

test('droid 0.117.0 wrote only the header of a session whose requests failed: no note, and why', async () => {
  const {conversations, messages} = await read(await inputFromPath(path('files/fork-header-0.117.jsonl')))
  assert.equal(conversations.length, 0)
  assert.ok(
    messages.some((text) => /holds no messages to show/.test(text)),
    messages.join('\n')
  )
})

test('todo_state and compaction_state records are notices where they happened', async () => {
  const text = [
    start,
    message('user', [{type: 'text', text: 'Plan it'}]),
    JSON.stringify({
      type: 'todo_state',
      id: 't',
      timestamp: '2026-12-06T10:00:01Z',
      messageIndex: 1,
      todos: [
        {id: '1', content: 'Read notes', status: 'completed'},
        {id: '2', content: 'Write summary', status: 'in_progress'}
      ]
    }),
    JSON.stringify({
      type: 'compaction_state',
      id: 'c',
      timestamp: '2026-12-06T10:00:02Z',
      summaryText: 'We read notes.',
      summaryTokens: 12,
      removedCount: 4
    }),
    JSON.stringify({type: 'brand_new_record', id: 'n'})
  ].join('\n')
  const {conversations, messages} = await read(inputFromString(text, 's.jsonl'))
  const found = notices(conversations[0]!)
  assert.deepEqual(found[0], {
    type: 'notice',
    level: 'info',
    kind: 'system',
    text: 'Todo list: 1 of 2 done',
    details: '- [x] Read notes\n- [ ] Write summary (in progress)'
  })
  assert.deepEqual(found[1], {
    type: 'notice',
    level: 'info',
    kind: 'compaction',
    summary: 'We read notes.',
    tokensAfter: 12
  })
  assert.equal(found[2]?.kind, 'unknown-content')
  assert.equal(conversations[0]!.fidelity['unknown-record'], 1)
  assert.ok(messages.some((text) => /Line 5: a record of type brand_new_record/.test(text)))
})

test('junk and cut lines are reported by line; everything readable is kept', async () => {
  const text = [
    start,
    message('user', [{type: 'text', text: 'one'}]),
    '{not json',
    '[1,2]',
    message('user', [{type: 'text', text: 'two'}]),
    '{"type":"mess'
  ].join('\n')
  const {conversations, messages} = await read(inputFromString(text, 's.jsonl'))
  assert.deepEqual(
    conversations[0]!.turns.map((turn) => turn.parts[0]),
    [
      {type: 'text', text: 'one'},
      {type: 'text', text: 'two'}
    ]
  )
  assert.ok(
    messages.some((text) => /:3:/.test(text)),
    messages.join('\n')
  )
  assert.ok(
    messages.some((text) => /Line 4 is not a JSON object/.test(text)),
    messages.join('\n')
  )
  assert.ok(
    messages.some((text) => /:6:/.test(text)),
    messages.join('\n')
  )
})

test('keep-meta shows the context Droid injects; by default it is only counted', async () => {
  const input = await inputFromPath(fileURLToPath(new URL('../fixtures/read-error-0.215/input.jsonl', import.meta.url)))
  const plain = (await read(input)).conversations[0]!
  assert.equal(plain.fidelity['injected-context'], 6)
  assert.equal(notices(plain).filter((notice) => notice.kind === 'meta').length, 0)
  const kept = (await read(input, {keepMeta: true})).conversations[0]!
  assert.equal(notices(kept).filter((notice) => notice.kind === 'meta').length, 6)
})

test('a settings file that is not JSON is reported and the session read without it', async () => {
  const {mkdtemp, writeFile, rm} = await import('node:fs/promises')
  const {join} = await import('node:path')
  const {tmpdir} = await import('node:os')
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-droid-'))
  try {
    await writeFile(join(dir, 's.jsonl'), `${start}\n${message('user', [{type: 'text', text: 'hi'}])}\n`)
    await writeFile(join(dir, 's.settings.json'), '{"model": "x", "tokenUs')
    const {conversations, messages} = await read(await inputFromPath(join(dir, 's.jsonl')))
    assert.equal(conversations[0]!.metadata.tokens, undefined)
    assert.ok(
      messages.some((text) => /s\.settings\.json is not JSON/.test(text)),
      messages.join('\n')
    )
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
})

test('every block is kept: reasoning, redacted thinking, images, unknown blocks, results without calls', async () => {
  const text = [
    JSON.stringify({type: 'session_start', id: 's-2', parent: 'p-1', forkedAtMessageId: 'never-seen'}),
    message('user', [
      {type: 'text', text: 'Look'},
      {type: 'image', source: {type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo='}},
      {type: 'video', url: 'x'}
    ]),
    message('assistant', [
      {type: 'reasoning', text: 'Hmm.'},
      {type: 'redacted_thinking', data: 'xxx'},
      {type: 'tool_use', id: 'c1', name: 'Grep', input: {pattern: 'a', description: 'Find a'}},
      {type: 'hologram'}
    ]),
    message('user', [
      {type: 'tool_result', tool_use_id: 'c1', content: [{type: 'text', text: 'a.txt'}, {type: 'image'}]},
      {type: 'tool_result', tool_use_id: 'gone', content: {text: 'orphan'}}
    ]),
    message('narrator', [{type: 'text', text: 'aside'}])
  ].join('\n')
  const {conversations, messages} = await read(inputFromString(text, 's.jsonl'))
  const [conversation] = conversations
  assert.ok(conversation)
  const parts = conversation.turns.flatMap((turn) => turn.parts)
  assert.deepEqual(
    parts.map((part) => (part.type === 'notice' ? `notice:${part.kind}` : part.type)),
    [
      'notice:fork',
      'text',
      'attachment',
      'notice:unknown-content',
      'thinking',
      'notice:redacted-thinking',
      'tool-call',
      'notice:unknown-content',
      'tool-call',
      'text'
    ]
  )
  const grep = parts[6]
  assert.ok(grep?.type === 'tool-call')
  assert.equal(grep.text, 'Find a')
  assert.equal(grep.result?.text, 'a.txt\n{"type":"image"}')
  assert.equal(parts[8]?.type === 'tool-call' && parts[8].result?.text, 'orphan')
  assert.deepEqual(conversation.fidelity, {'orphan-tool-result': 1, 'unknown-role': 1})
  assert.ok(messages.some((text) => /last copied message never-seen is not in the file/.test(text)))
  assert.equal(conversation.turns.at(-1)?.role, 'other')
})

test('a settings file that is JSON but no object is reported; one without usage adds only its model', async () => {
  const {mkdtemp, writeFile, rm} = await import('node:fs/promises')
  const {join} = await import('node:path')
  const {tmpdir} = await import('node:os')
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-droid-'))
  try {
    await writeFile(join(dir, 'a.jsonl'), `${start}\n${message('user', [{type: 'text', text: 'hi'}])}\n`)
    await writeFile(join(dir, 'a.settings.json'), '[1]')
    await writeFile(join(dir, 'b.jsonl'), `${start}\n${message('user', [{type: 'text', text: 'hi'}])}\n`)
    await writeFile(join(dir, 'b.settings.json'), '{"model": "gpt-5.1-codex", "tokenUsage": {}}')
    const a = await read(await inputFromPath(join(dir, 'a.jsonl')))
    assert.ok(
      a.messages.some((text) => /is not a JSON object/.test(text)),
      a.messages.join('\n')
    )
    const b = await read(await inputFromPath(join(dir, 'b.jsonl')))
    assert.deepEqual(b.conversations[0]!.metadata.models, ['gpt-5.1-codex'])
    assert.equal(b.conversations[0]!.metadata.tokens, undefined)
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
})
