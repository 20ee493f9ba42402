import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {ToolCallPart} from '../src/model/model.js'
import {toolCallSummary} from '../src/render/tool-call-summary.js'

const call = (fields: Partial<ToolCallPart>): ToolCallPart => ({
  type: 'tool-call',
  name: 'tool',
  text: 'tool',
  ...fields
})

test('a call says what it did: its own description first, else its most telling argument', () => {
  assert.equal(toolCallSummary(call({text: 'Run the tests', input: {command: 'npm test'}})), 'Run the tests')
  assert.equal(toolCallSummary(call({input: {description: 'later', command: 'npm test\nnpm run lint'}})), 'npm test…')
  assert.equal(toolCallSummary(call({input: {command: ['bash', '-lc', 'ls -la']}})), 'ls -la', 'Codex argv')
  assert.equal(toolCallSummary(call({input: {command: ['git', 'status']}})), 'git status')
  assert.equal(toolCallSummary(call({input: {file_path: '/a/b.ts', offset: 3}})), '/a/b.ts')
  assert.equal(toolCallSummary(call({input: {filePath: '/a/c.ts'}})), '/a/c.ts', 'OpenCode')
  assert.equal(toolCallSummary(call({input: {search_query: [{q: 'Lisbon sunshine'}]}})), 'Lisbon sunshine', 'ChatGPT')
  assert.equal(toolCallSummary(call({input: {owner: 'ada', repo: 'chatmark', n: 3}})), 'ada', 'a first short string')
  assert.equal(toolCallSummary(call({input: 'apply_patch <<EOF\n*** Begin Patch'})), 'apply_patch <<EOF…')
  assert.equal(toolCallSummary(call({input: {n: 3, flags: [1, 2]}})), undefined, 'nothing says more than the name')
  assert.equal(toolCallSummary(call({input: {text: 'x'.repeat(500)}})), undefined, 'a long text is not a summary')
  assert.equal(toolCallSummary(call({})), undefined)
})
