import assert from 'node:assert/strict'
import {test} from 'vitest'
import {claude} from '@chatmark/format-claude'
import {jsonl, sample} from './helpers.js'

const plugin = claude()
const bare = {type: 'user', uuid: 'u1', sessionId: 's', timestamp: 'x', message: {role: 'user', content: 'hi'}}
const answer = (content: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'assistant',
  uuid: 'a1',
  sessionId: 's',
  timestamp: 'x',
  message: {role: 'assistant', content},
  ...extra
})

test('detection names the strong tell it found when lines lack parentUuid', () => {
  const cases: Array<[unknown[], string]> = [
    [[{...bare, isSidechain: false}], 'isSidechain'],
    [[{...bare, userType: 'external'}], 'userType'],
    [[bare, {type: 'summary', summary: 'Fix the parser', leafUuid: 'u1'}], 'a summary line with leafUuid'],
    [[bare, answer([{type: 'text', text: 'hi'}], {requestId: 'req_011'})], 'req_ request ids'],
    [[bare, answer([{type: 'tool_use', id: 'toolu_01', name: 'Bash', input: {}}])], 'toolu_ tool ids']
  ]
  for (const [lines, tell] of cases) {
    assert.deepEqual(plugin.detect(sample(jsonl(...lines))), {
      confidence: 'certain',
      reason: `JSONL user/assistant lines with uuid, camelCase sessionId and message.role, plus ${tell}`,
      variant: 'claude-code-jsonl'
    })
  }
})

test('chain lines without a user or assistant message yet are likely Claude Code', () => {
  const line = {type: 'system', subtype: 'turn_duration', uuid: 's1', parentUuid: null, sessionId: 's', timestamp: 'x'}
  assert.deepEqual(plugin.detect(sample(jsonl(line, {...line, uuid: 's2', parentUuid: 's1'}))), {
    confidence: 'likely',
    reason: 'JSONL chain lines (type, uuid, camelCase sessionId) without messages yet',
    variant: 'claude-code-jsonl'
  })
})

test('user and assistant lines without uuid or sessionId are possibly Claude Code', () => {
  const lines = jsonl(
    {type: 'user', message: {role: 'user', content: 'hi'}},
    {type: 'assistant', message: {role: 'assistant', content: [{type: 'text', text: 'hello'}]}}
  )
  assert.deepEqual(plugin.detect(sample(lines)), {
    confidence: 'possible',
    reason: 'JSONL user/assistant lines with message.role but no uuid or sessionId',
    variant: 'claude-code-jsonl'
  })
})

test('a loglines wrapper without user or assistant entries in its head is likely Claude Code', () => {
  const text = JSON.stringify({loglines: [{type: 'summary', summary: 'Fix the parser', leafUuid: 'u1'}]}, null, 2)
  assert.deepEqual(plugin.detect(sample(text, 'session.json')), {
    confidence: 'likely',
    reason: 'top-level loglines[] without user/assistant entries yet',
    variant: 'claude-code-loglines'
  })
})
