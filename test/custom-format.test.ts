import assert from 'node:assert/strict'
import {test} from 'vitest'
import {fileURLToPath} from 'node:url'
import type {FormatPlugin} from 'chatmark'
import {convert, createNormalizer, inputFromPath, normalizer} from 'chatmark'

const examples = new URL('../examples/custom-format/', import.meta.url)
const {default: ircFormat} = (await import(new URL('irc-format.js', examples).href)) as {default: () => FormatPlugin}
const sample = fileURLToPath(new URL('sample.irclog', examples))

test('the example custom format dispatches its file through the library', async () => {
  const mine = createNormalizer({formats: [ircFormat()]})
  assert.equal(mine.formats[0]?.name, 'irc')
  const {detection, notes} = await convert(mine, await inputFromPath(sample))
  assert.equal(detection.format, 'irc')
  assert.equal(detection.decidedBy, 'verdict')
  assert.equal(notes.length, 1)
  assert.deepEqual(
    notes[0]?.conversation.participants.map((person) => person.name),
    ['alice', 'bob']
  )
  assert.match(notes[0]?.markdown ?? '', /^## bob\n\nyes, it streams: `chatmark big.jsonl` \(09:15\)$/m)
})

test('without the custom format the same file is a failure, not a plain-text note', async () => {
  const {detection, file} = await convert(normalizer, await inputFromPath(sample))
  assert.notEqual(detection.format, 'plaintext')
  assert.equal(detection.format, undefined)
  assert.equal(file.messages[0]?.fatal, true)
})
