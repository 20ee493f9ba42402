import assert from 'node:assert/strict'
import {test} from 'vitest'
import {idFromName} from '@chatmark/core'

const codexSuffixes = [/\.(?:zst|gz)$/, /\.jsonl?$/]

test('the id is the base name without its last extension', () => {
  assert.equal(idFromName('/home/ada/.gemini/tmp/session-1.json'), 'session-1')
  assert.equal(idFromName('logs/session-1.jsonl'), 'session-1')
  assert.equal(idFromName('rollout.jsonl.zst'), 'rollout.jsonl')
  assert.equal(idFromName('notes'), 'notes')
})

test('given suffixes, each is stripped in turn instead of the last extension', () => {
  assert.equal(idFromName('sessions/rollout-1.jsonl.zst', codexSuffixes), 'rollout-1')
  assert.equal(idFromName('rollout-1.json.gz', codexSuffixes), 'rollout-1')
  assert.equal(idFromName('rollout-1.jsonl', codexSuffixes), 'rollout-1')
  assert.equal(idFromName('rollout-1.txt', codexSuffixes), 'rollout-1.txt')
  assert.equal(idFromName('rollout-1.zst.jsonl', codexSuffixes), 'rollout-1.zst')
})

test('a name that leaves nothing is its own id', () => {
  assert.equal(idFromName(''), '')
  assert.equal(idFromName('/'), '/')
  assert.equal(idFromName('.jsonl.zst', codexSuffixes), '.jsonl.zst')
  assert.equal(idFromName('dir/.jsonl', codexSuffixes), 'dir/.jsonl')
})

test('a hidden file without an extension keeps its whole name', () => {
  assert.equal(idFromName('.history'), '.history')
})
