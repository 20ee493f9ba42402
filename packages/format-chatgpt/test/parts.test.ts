import assert from 'node:assert/strict'
import {readdir} from 'node:fs/promises'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import {VFile} from 'vfile'
import type {Conversation, Input, PartReport} from '@chatmark/core'
import {createNormalizer, inputFromPath, inputFromString, mergePartMessages} from '@chatmark/core'
import {chatgpt} from '@chatmark/format-chatgpt'

// Splitting an export and parsing every part alone (`parts`, for workers) gives what `parse` gives: the same
// conversations and the same messages, for every ChatGPT fixture, a zip of several files and a broken export.
const root = fileURLToPath(new URL('../fixtures/', import.meta.url))
const here = (name: string): string => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url))
const normalizer = createNormalizer({formats: [chatgpt()]})

interface Outcome {
  conversations: Conversation[]
  messages: string[]
}

async function whole(input: Input): Promise<Outcome> {
  const reading = await normalizer.read(input, {format: 'chatgpt'})
  const conversations: Conversation[] = []
  for await (const conversation of reading.conversations) conversations.push(conversation)
  return {conversations, messages: reading.file.messages.map(String)}
}

async function inParts(input: Input): Promise<Outcome> {
  const reading = await normalizer.read(input, {format: 'chatgpt', inParts: true})
  assert.ok(reading.parts, 'read in parts')
  const opened = await normalizer.open(input)
  const conversations: Conversation[] = []
  const rules = new Map<string, number>()
  const reports: PartReport[] = []
  let parts = 0
  for await (const part of reading.parts) {
    parts++
    const splitMessages = reading.file.messages.length
    // As a worker does: the part alone, its bytes copied, its own file.
    const file = new VFile({path: opened.name})
    const copy = {...part, bytes: part.bytes.slice()}
    for await (const conversation of normalizer.parsePart('chatgpt', copy, opened, file))
      conversations.push(conversation)
    for (const message of file.messages) {
      if (message.ruleId) rules.set(message.ruleId, (rules.get(message.ruleId) ?? 0) + 1)
    }
    const messages = file.messages.map(({reason, fatal, ruleId, source}) => ({
      reason,
      fatal: fatal === true,
      ...(ruleId ? {ruleId} : {}),
      ...(source ? {source} : {})
    }))
    reports.push({splitMessages, messages})
  }
  mergePartMessages(reading.file, reports)
  normalizer.endParts('chatgpt', parts, conversations.length, rules, reading.file)
  return {conversations, messages: reading.file.messages.map(String)}
}

test('every ChatGPT fixture reads the same in parts as whole', async () => {
  const inputs = [
    ...(await readdir(root)).flatMap((name) => [`${root}${name}/input.json`, `${root}${name}/input.zip`]),
    here('export-v1.zip'),
    here('export-v2.zip')
  ]
  let read = 0
  for (const path of inputs) {
    const input = await inputFromPath(path).catch(() => undefined)
    if (!input) continue
    read++
    const expected = await whole(input)
    const actual = await inParts(await inputFromPath(path))
    assert.deepEqual(actual.conversations, expected.conversations, path)
    assert.deepEqual(actual.messages, expected.messages, path)
  }
  assert.ok(read >= 9, `${read} inputs`)
})

test('an export with no readable conversation fails in parts as it fails whole', async () => {
  for (const text of [
    '[]',
    '[{"title": "empty", "mapping": {}}, 3, {"nope": true}]',
    '[{"title": "x", "mapping": {}}, {'
  ]) {
    const expected = await whole(inputFromString(text, 'conversations.json'))
    const actual = await inParts(inputFromString(text, 'conversations.json'))
    assert.deepEqual(actual, expected, text)
    assert.ok(expected.messages.length > 0)
  }
})
