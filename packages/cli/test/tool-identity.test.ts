import assert from 'node:assert/strict'
import {toolOf} from '@chatmark/core'
import {syncFormatDefaults} from '@chatmark/vault'
import {test} from 'vitest'
import {builtinFormats} from '../src/formats/builtin-formats.js'

// The built-ins describe their tools in their plugins (issue 26, item 1): the slugs a vault's folders and the notes'
// tags have always had, now said by each format rather than by a table in core.

const formats = builtinFormats()

test('each built-in names its tool as the vault’s folders and the notes’ tags always have', () => {
  const slug = (format: string, variant?: string): string =>
    toolOf(formats, {format, ...(variant ? {variant} : {})}).slug
  assert.equal(slug('claude', 'claude-code-jsonl'), 'claude-code')
  assert.equal(slug('claude', 'claude-ai-export'), 'claude-ai')
  assert.equal(slug('chatgpt'), 'chatgpt')
  assert.equal(slug('codex'), 'codex')
  assert.equal(slug('gemini'), 'gemini-cli')
  assert.equal(slug('qwen'), 'qwen-code')
  assert.equal(slug('opencode'), 'opencode')
  assert.equal(slug('aider'), 'aider')
  assert.equal(slug('continue'), 'continue')
  assert.equal(slug('slack'), 'slack')
  assert.equal(slug('plaintext'), 'transcripts')
  // Every built-in describes its tool.
  assert.deepEqual(
    formats.filter((format) => format.tool === undefined).map((format) => format.name),
    []
  )
})

test('a vault shows Claude Code’s subagents under their calls: the only option a built-in gives a sync default', () => {
  assert.deepEqual(syncFormatDefaults(formats), {subagents: true})
})
