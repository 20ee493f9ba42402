import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Sample} from '@chatmark/core'
import {sampleFromBytes} from '@chatmark/core'
import * as api from '@chatmark/format-pi'
import {pi} from '@chatmark/format-pi'
import {answer, at, conversation, entry, header, jsonl, outline, read, user} from './helpers.js'

const plugin = pi()
const sample = (text: string, name = 'session.jsonl'): Sample =>
  sampleFromBytes(Buffer.from(text), {name, complete: true})

test('the package exports exactly the pi factory; the plugin reads .jsonl and .sqlite', () => {
  assert.deepEqual(Object.keys(api).sort(), ['pi'])
  assert.equal(plugin.name, 'pi')
  assert.deepEqual(plugin.extensions, ['.jsonl', '.sqlite'])
  assert.match(plugin.description, /^[^\n]+$/)
})

test('detection is certain for a Pi header or Pi-only entries, and names OpenClaw by its own fields', () => {
  assert.deepEqual(plugin.detect(sample(jsonl(header(), user('a', null, 'hi')))), {
    confidence: 'certain',
    reason: 'Pi session: a first line {type: "session", id, timestamp, cwd}',
    variant: 'pi'
  })
  const headless = plugin.detect(sample(jsonl(entry('model_change', 'a', null, {provider: 'p', modelId: 'm'}))))
  assert.equal(headless.confidence, 'certain')
  assert.equal(headless.variant, 'pi')
  const openclaw = jsonl(header({version: 4}), entry('custom', 'b', null, {customType: 'openclaw.cache-ttl', data: {}}))
  assert.equal(plugin.detect(sample(openclaw)).variant, 'openclaw')
  const byPath = plugin.detect(sample(jsonl(header()), '/home/me/.openclaw/agents/main/sessions/x.jsonl'))
  assert.equal(byPath.variant, 'openclaw')
})

test("detection declines a bare message line, other tools' JSONL, text and binary data", () => {
  const bare = {type: 'message', id: 'a', parentId: null, message: {role: 'user', content: 'hi'}}
  assert.equal(plugin.detect(sample(jsonl(bare))).confidence, 'none')
  assert.equal(plugin.detect(sample(jsonl({type: 'session_meta', payload: {id: 'x'}}))).confidence, 'none')
  assert.equal(plugin.detect(sample(jsonl({type: 'session.start', id: 'x', parentId: null}))).confidence, 'none')
  assert.equal(
    plugin.detect(sample(jsonl({uuid: 'u', parentUuid: null, sessionId: 's', type: 'user'}))).confidence,
    'none'
  )
  assert.equal(plugin.detect(sample('just prose\n')).confidence, 'none')
  const binary = sampleFromBytes(new Uint8Array([0, 1, 2, 255]), {name: 'x', complete: true})
  assert.equal(plugin.detect(binary).confidence, 'none')
})

test('the current branch runs from the last entry to the root; other branches stay, nested, in place', async () => {
  const value = await conversation(
    jsonl(
      header(),
      user('u1', null, 'first', 1),
      answer('a1', 'u1', [{type: 'text', text: 'one'}], {}, 2),
      user('u2', 'a1', 'abandoned prompt', 3),
      answer('a2', 'u2', [{type: 'text', text: 'abandoned answer'}], {}, 4),
      user('u2b', 'u2', 'deeper abandoned', 5),
      entry('branch_summary', 'bs', 'a1', {fromId: 'a2', summary: 'They asked something else.'}, 6),
      user('u3', 'bs', 'kept prompt', 7),
      answer('a3', 'u3', [{type: 'text', text: 'kept answer'}], {}, 8)
    )
  )
  assert.deepEqual(outline(value.turns), [
    'user: first',
    'assistant: one',
    ['branch 1', ['user: abandoned prompt', ['branch 2', ['assistant: abandoned answer']], 'user: deeper abandoned']],
    'system: [system Back from another branch (/tree); Pi summarised the branch left behind]',
    'user: kept prompt',
    'assistant: kept answer'
  ])
  // Only the current branch's answers count in the note's tokens.
  assert.deepEqual(value.metadata.tokens, {input: 200, output: 40, cached: 100, cacheCreation: 20, total: 360})
})

test('tool calls get their toolResult; usage, model, cost, title, labels and changes are kept', async () => {
  const value = await conversation(
    jsonl(
      header(),
      entry('model_change', 'm0', null, {provider: 'anthropic', modelId: 'claude-sonnet-4-5'}, 1),
      entry('thinking_level_change', 't0', 'm0', {thinkingLevel: 'low'}, 1),
      user('u1', 't0', 'read it', 2),
      answer(
        'a1',
        'u1',
        [
          {type: 'thinking', thinking: 'I will read.', thinkingSignature: 'sig'},
          {type: 'toolCall', id: 'c1', name: 'read', arguments: {path: 'a.txt'}}
        ],
        {stopReason: 'toolUse'},
        3
      ),
      entry('message', 'r1', 'a1', {
        message: {
          role: 'toolResult',
          toolCallId: 'c1',
          toolName: 'read',
          content: [{type: 'text', text: 'nope'}],
          isError: true
        }
      }),
      entry('label', 'l1', 'r1', {targetId: 'u1', label: 'start here'}, 4),
      entry('model_change', 'm1', 'l1', {provider: 'openai', modelId: 'gpt-5'}, 5),
      entry('thinking_level_change', 't1', 'm1', {thinkingLevel: 'high'}, 5),
      entry('session_info', 'n1', 't1', {name: 'Reading a file'}, 6),
      entry('custom', 'x1', 'n1', {customType: 'my-ext', data: {a: 1}}, 7),
      entry('custom_message', 'cm', 'x1', {customType: 'reminder', content: 'Remember the tests', display: true}, 8),
      entry('custom_message', 'ch', 'cm', {customType: 'hidden', content: 'not shown', display: false}, 9),
      answer('a2', 'ch', [{type: 'text', text: 'cut'}], {stopReason: 'aborted', model: 'gpt-5'}, 10)
    )
  )
  assert.equal(value.title, 'Reading a file')
  assert.deepEqual(value.metadata.models, ['claude-sonnet-4-5', 'gpt-5'])
  assert.deepEqual(value.metadata.extra, {
    fileVersion: 3,
    cost: 0.025,
    thinkingLevel: 'high'
  })
  assert.deepEqual(value.fidelity, {'extension-state': 1, 'hidden-extension-message': 1})
  assert.deepEqual(outline(value.turns), [
    'user: read it | [system Label: start here]',
    'assistant: I will read. | call read -> nope',
    'system: [system Model changed to openai/gpt-5]',
    'system: [system Thinking level set to high]',
    'other: [system Extension message (reminder)] | Remember the tests',
    'assistant: cut | [interrupted]'
  ])
  const call = value.turns[1]?.parts[1]
  assert.ok(call?.type === 'tool-call')
  assert.equal(call.status, 'error')
  assert.deepEqual(call.input, {path: 'a.txt'})
  assert.deepEqual(value.turns[1]?.tokens, {input: 100, output: 20, cached: 50, total: 180})
})

test('a compaction is a typed notice with its summary and size; the turns before it stay', async () => {
  const value = await conversation(
    jsonl(
      header(),
      user('u1', null, 'early', 1),
      entry('compaction', 'c1', 'u1', {summary: 'Early talk.', firstKeptEntryId: 'u1', tokensBefore: 5000}, 2),
      user('u2', 'c1', 'late', 3)
    )
  )
  assert.deepEqual(value.turns[1]?.parts, [
    {type: 'notice', level: 'info', kind: 'compaction', summary: 'Early talk.', tokensBefore: 5000}
  ])
  assert.deepEqual(outline(value.turns), ['user: early', 'system: [compaction]', 'user: late'])
})

test('a version 1 file (no ids) is chained line by line, and hookMessage reads as an extension message', async () => {
  const v1 = jsonl(
    {
      type: 'session',
      id: 'old',
      timestamp: at(0),
      cwd: '/p',
      provider: 'anthropic',
      modelId: 'm',
      thinkingLevel: 'off'
    },
    {type: 'message', timestamp: at(1), message: {role: 'user', content: 'hello', timestamp: 1}},
    {
      type: 'message',
      timestamp: at(2),
      message: {role: 'assistant', content: [{type: 'text', text: 'hi'}], model: 'm'}
    },
    {type: 'compaction', timestamp: at(3), summary: 'S', firstKeptEntryIndex: 2, tokensBefore: 10},
    {
      type: 'message',
      timestamp: at(4),
      message: {role: 'hookMessage', customType: 'h', content: 'from a hook', display: true}
    },
    {type: 'message', timestamp: at(5), message: {role: 'bashExecution', command: 'ls', output: 'a\n', exitCode: 1}}
  )
  const value = await conversation(v1)
  assert.equal(value.id, 'old')
  assert.equal(value.metadata.extra?.['fileVersion'], 1)
  assert.deepEqual(outline(value.turns), [
    'user: hello',
    'assistant: hi',
    'system: [compaction]',
    'other: [system Extension message (h)] | from a hook',
    'user: [shell-command] | a\n'
  ])
  assert.deepEqual(value.turns[4]?.parts[1], {
    type: 'code',
    text: 'a\n',
    language: 'text',
    execution: {outcome: 'exit code 1'}
  })
})

test("a fork leaves the history copied from its parent to the parent's note, and says how much", async () => {
  const value = await conversation(
    jsonl(
      header({
        timestamp: at(30),
        parentSession: '/home/me/.pi/agent/sessions/--p--/2026-12-01T10-00-00-000Z_parent-id.jsonl'
      }),
      user('u1', null, 'copied', 1),
      answer('a1', 'u1', [{type: 'text', text: 'copied answer'}], {}, 2),
      user('u2', 'a1', 'own', 31)
    )
  )
  assert.deepEqual(value.metadata.parent, {id: 'parent-id', relation: 'fork'})
  assert.deepEqual(value.turns[0]?.parts, [
    {type: 'notice', level: 'info', kind: 'fork', parent: 'parent-id', copiedTurns: 2}
  ])
  assert.deepEqual(outline(value.turns).slice(1), ['user: own'])
})

test('an image and a block of unknown type are kept; an API error keeps its message and body', async () => {
  const value = await conversation(
    jsonl(
      header(),
      entry('message', 'u1', null, {
        message: {
          role: 'user',
          content: [
            {type: 'text', text: 'see'},
            {type: 'image', data: 'aGVsbG8=', mimeType: 'image/png'}
          ]
        }
      }),
      answer('a1', 'u1', [{type: 'hologram', x: 1}], {
        stopReason: 'error',
        errorMessage: '429 slow down',
        errorBody: '{}'
      }),
      entry('future_kind', 'f1', 'a1', {what: 1}, 3)
    )
  )
  assert.deepEqual(value.turns[0]?.parts[1], {
    type: 'attachment',
    text: 'image/png, 5 B',
    mimeType: 'image/png',
    size: 5,
    data: 'aGVsbG8='
  })
  assert.deepEqual(outline(value.turns), [
    'user: see | image/png, 5 B',
    'assistant: [unknown-content Content block of unknown type "hologram"] | [api-error]',
    'system: [unknown-content Entry of unknown type "future_kind"]'
  ])
})

test('junk lines, a cut last line and a broken parent are reported by line, and the rest is read', async () => {
  const {conversations, file} = await read(
    [
      JSON.stringify(header()),
      'not json at all',
      JSON.stringify({hello: 'world'}),
      JSON.stringify(user('u2', 'missing-parent', 'after the break', 3)),
      JSON.stringify(answer('a2', 'u2', [{type: 'text', text: 'ok'}], {}, 4)),
      '{"type":"message","id":"cut","parentId":"a2","mess'
    ].join('\n')
  )
  assert.equal(conversations.length, 1)
  assert.deepEqual(outline(conversations[0]!.turns), ['user: after the break', 'assistant: ok'])
  const messages = file.messages.map(String)
  assert.ok(
    messages.some((message) => /2:1.*not JSON|line 2/i.test(message)),
    messages.join('\n')
  )
  assert.ok(
    messages.some((message) => /Line 3 is not a Pi session entry/.test(message)),
    messages.join('\n')
  )
  assert.ok(
    messages.some((message) => /breaks at line 4.*missing-parent/.test(message)),
    messages.join('\n')
  )
})

test('a file with no entries fails with a clear message', async () => {
  const {conversations, file} = await read(jsonl(header()))
  assert.equal(conversations.length, 0)
  assert.match(file.messages.map(String).join('\n'), /no Pi session entries found/)
})

test('a parentId cycle ends the walk instead of hanging', async () => {
  const value = await conversation(jsonl(header(), user('a', 'b', 'one', 1), user('b', 'a', 'two', 2)))
  assert.deepEqual(outline(value.turns), ['user: one', 'user: two'])
})

test('rarer shapes: redacted thinking, a cut-off answer, a result without its call, summary messages', async () => {
  const value = await conversation(
    jsonl(
      header(),
      user('u1', null, 'go', 1),
      answer(
        'a1',
        'u1',
        [
          {type: 'thinking', thinking: '', redacted: true},
          {type: 'text', text: 'part'}
        ],
        {
          stopReason: 'length'
        }
      ),
      entry('message', 'r1', 'a1', {
        message: {role: 'toolResult', toolCallId: 'gone', toolName: 'bash', content: [{type: 'text', text: 'out'}]}
      }),
      entry('message', 'b1', 'r1', {message: {role: 'branchSummary', summary: 'Elsewhere.', fromId: 'x'}}),
      entry('message', 'c1', 'b1', {message: {role: 'compactionSummary', summary: 'Before.', tokensBefore: 9}}),
      entry('message', 'e1', 'c1', {message: {role: 'user', content: []}}),
      entry('message', 'x1', 'e1', {
        message: {
          role: 'bashExecution',
          command: 'ls',
          output: '…',
          cancelled: true,
          truncated: true,
          excludeFromContext: true
        }
      }),
      entry('message', 'q1', 'x1', {message: {role: 'wizard'}})
    )
  )
  assert.deepEqual(outline(value.turns), [
    'user: go',
    'assistant: [redacted-thinking Thinking kept only in redacted form] | part | ' +
      '[system The answer stopped at the output token limit]',
    'tool: call bash -> out',
    'system: [system Summary of another branch]',
    'system: [compaction]',
    'user: [shell-command] | … | [system Pi kept only the end of the output] | ' +
      '[system Run with !!: not sent to the model]',
    'system: [unknown-content Message of unknown role "wizard"]'
  ])
  assert.deepEqual(value.fidelity, {'unmatched-tool-result': 1, 'empty-message': 1})
  assert.deepEqual(value.turns[5]?.parts[1], {
    type: 'code',
    text: '…',
    language: 'text',
    execution: {outcome: 'cancelled'}
  })
})

test('entries on a second root (a damaged file) are kept as a branch after the first turn', async () => {
  const value = await conversation(
    jsonl(
      header(),
      user('o1', 'lost', 'orphan', 1),
      user('o2', 'o1', 'orphan child', 2),
      user('o3', 'o1', 'orphan sibling', 3),
      user('k1', null, 'kept root', 4),
      user('k2', 'k1', 'kept leaf', 5)
    )
  )
  assert.deepEqual(outline(value.turns), [
    'user: kept root',
    ['branch 1', ['user: orphan', ['branch 2', ['user: orphan child']], 'user: orphan sibling']],
    'user: kept leaf'
  ])
})
