import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {FormatPlugin} from '@chatmark/core'
import {toolOf, toolSlug} from '@chatmark/core'

const plugin = (name: string, tool?: FormatPlugin['tool']): FormatPlugin => ({
  name,
  description: name,
  extensions: [],
  detect: () => ({confidence: 'none', reason: 'test'}),
  async *parse() {},
  ...(tool ? {tool} : {})
})

const formats = [
  plugin('chat', {
    name: 'Chat Tool',
    slug: 'chat-tool',
    variants: {'chat-web-export': {name: 'Chat Web', slug: 'chat-web'}}
  }),
  plugin('irc', {name: 'IRC logs'}),
  plugin('bare')
]

test('a conversation’s tool is the one its format’s plugin describes, by variant when the plugin lists it', () => {
  assert.deepEqual(toolOf(formats, {format: 'chat'}), {name: 'Chat Tool', slug: 'chat-tool'})
  assert.deepEqual(toolOf(formats, {format: 'chat', variant: 'chat-jsonl'}), {name: 'Chat Tool', slug: 'chat-tool'})
  assert.deepEqual(toolOf(formats, {format: 'chat', variant: 'chat-web-export'}), {name: 'Chat Web', slug: 'chat-web'})
  // Only a variant the plugin lists: not one its variants' prototype has.
  assert.deepEqual(toolOf(formats, {format: 'chat', variant: 'constructor'}), {name: 'Chat Tool', slug: 'chat-tool'})
})

test('a tool without a slug is named by its name made a slug; a format without a tool by its own name', () => {
  assert.deepEqual(toolOf(formats, {format: 'irc'}), {name: 'IRC logs', slug: 'irc-logs'})
  assert.deepEqual(toolOf(formats, {format: 'bare'}), {name: 'bare', slug: 'bare'})
  assert.deepEqual(toolOf(formats, {format: 'unknown'}), {name: 'unknown', slug: 'unknown'})
  // A declared slug is made safe as a name is: it names a folder.
  assert.deepEqual(toolOf([plugin('x', {name: 'X', slug: '../Up There'})], {format: 'x'}), {
    name: 'X',
    slug: 'up-there'
  })
})

test('a slug is lower case letters, digits and dashes, never empty', () => {
  assert.equal(toolSlug('Qwen Code'), 'qwen-code')
  assert.equal(toolSlug('  Gemini  CLI!'), 'gemini-cli')
  assert.equal(toolSlug('Ärger-Bot 2'), 'ärger-bot-2')
  assert.equal(toolSlug('?!'), 'tool')
})
