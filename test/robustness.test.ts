import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {test} from 'vitest'
import {convert, inputFromBytes, normalizer} from 'chatmark'
import {corpusFiles} from './util/corpus.js'
import {fixtureCases} from './util/fixtures.js'

// Bad input never crashes or hangs: each input ends either in notes or in a
// fatal message that names the problem; never in an exception.
let seed = 1234
const random = (): number => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}

const sources = [
  ...corpusFiles().map((file) => file.path),
  ...(await fixtureCases()).filter((fixture) => !fixture.isFolder).map((fixture) => fixture.input)
]
const originals = await Promise.all(sources.map((path) => readFile(path)))

async function outcome(bytes: Uint8Array, name: string): Promise<'notes' | 'failed'> {
  const result = await convert(normalizer, inputFromBytes(bytes, name))
  const fatal = result.file.messages.filter((message) => message.fatal)
  if (fatal.length > 0) {
    for (const message of fatal) assert.ok(message.reason.length > 10, `a reason for ${name}`)
    assert.equal(result.notes.length, 0)
    return 'failed'
  }
  // A session cut before its first message holds nothing: its format says so (`empty-session`), and no note is due.
  if (result.notes.length === 0 && result.file.messages.some((message) => message.ruleId === 'empty-session')) {
    return 'failed'
  }
  assert.ok(result.notes.length > 0, `${name}: no failure and no note`)
  for (const note of result.notes) assert.ok(note.markdown.startsWith('---\n'))
  return 'notes'
}

test('inputs cut at any point convert or fail with a reason', async () => {
  for (const [index, bytes] of originals.entries()) {
    for (let round = 0; round < 6; round++) {
      const cut = Math.floor(random() * bytes.length)
      await outcome(bytes.subarray(0, cut), `${sources[index]}@${cut}`)
    }
  }
})

test('a Gemini session cut mid-line keeps every complete line', async () => {
  const path = sources.find((source) => source.endsWith('real-0.61.0__headless-yolo-shell.jsonl'))
  assert.ok(path)
  const bytes = await readFile(path)
  const lastLineStart = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1
  const result = await convert(normalizer, inputFromBytes(bytes.subarray(0, lastLineStart + 10), 'cut.jsonl'))
  assert.equal(result.detection.format, 'gemini')
  assert.equal(result.notes.length, 1)
  assert.deepEqual(
    result.file.messages.map((message) => [message.ruleId, message.fatal]),
    [['malformed-line', false]]
  )
  const whole = await convert(normalizer, inputFromBytes(bytes, 'whole.jsonl'))
  // Only the summary line was lost; every turn is there.
  assert.equal(result.notes[0]?.conversation.turns.length, whole.notes[0]?.conversation.turns.length)
})

test('flipped bytes and random junk convert or fail with a reason', async () => {
  for (const [index, original] of originals.entries()) {
    for (let round = 0; round < 4; round++) {
      const bytes = Buffer.from(original)
      for (let flip = 0; flip < 1 + Math.floor(random() * 8); flip++) {
        bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256)
      }
      await outcome(bytes, `${sources[index]}#${round}`)
    }
  }
  for (let round = 0; round < 50; round++) {
    const junk = Buffer.from(Array.from({length: Math.floor(random() * 400)}, () => Math.floor(random() * 256)))
    await outcome(junk, `junk-${round}`)
  }
  for (const text of [
    '{',
    '[',
    '[]',
    '{}',
    'null',
    '"x"',
    '42',
    '{"sessionId": 1, "messages": 2}',
    '{"$set": null}',
    '{"$rewindTo": 5}\n{"id": 7}'
  ]) {
    assert.equal(await outcome(Buffer.from(text), text), 'failed', text)
  }
})
