import assert from 'node:assert/strict'
import {test} from 'vitest'
import {formatOptionKey, matchesName} from '@chatmark/core'

test('a format option is read under its key, or else its name in camelCase', () => {
  assert.equal(formatOptionKey({name: 'keep-meta'}), 'keepMeta')
  assert.equal(formatOptionKey({name: 'slack-split'}), 'slackSplit')
  assert.equal(formatOptionKey({name: 'view'}), 'view')
  assert.equal(formatOptionKey({name: 'max-2-items'}), 'max2Items')
  assert.equal(formatOptionKey({name: 'split', key: 'slackSplit'}), 'slackSplit')
})

test('a name pattern is a base name matched exactly, or a regular expression', () => {
  const patterns = ['.aider.chat.history.md', /^conversations-\d+\.json$/]
  assert.ok(matchesName('.aider.chat.history.md', patterns))
  assert.ok(matchesName('conversations-007.json', patterns))
  assert.ok(!matchesName('conversations.json', patterns))
  assert.ok(!matchesName('.AIDER.chat.history.md', patterns))
  assert.ok(!matchesName('anything', []))
})
