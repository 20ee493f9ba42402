import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {convert, inputFromBytes, normalizer} from 'chatmark'
import {test} from 'vitest'
import {mutatedInputTests, outcome} from './mutated-input-tests.js'
import {seeded, sources} from './mutations.js'

// Damaged real files (issue 25: "4,500 mutated inputs"; before it, test/robustness.test.ts): byte flips,
// truncation, NUL bytes, overlong UTF-8, lone surrogates, UTF-16, wrong JSON types, duplicated and swapped lines,
// blanks at line ends (./mutations.ts): one round of each on every file input of the fixtures and the corpus
// (about 1,500 inputs since issue 27's formats) converted here; the stress run
// (test/stress/mutated-inputs.stress.test.ts) ten rounds (forty in the long run), and one round (about 1,500
// inputs) by the installed command. Bad input never crashes or hangs: each ends in notes or in a failure that
// names the problem, never in an exception.
mutatedInputTests(Number(process.env['MUTATION_ROUNDS'] ?? 1), {installed: false})

test('random bytes and JSON of no format fail with a reason', async () => {
  const random = seeded(1234)
  for (let round = 0; round < 50; round++) {
    const bytes = Buffer.from(Array.from({length: Math.floor(random() * 400)}, () => Math.floor(random() * 256)))
    await outcome({bytes, name: `junk-${round}`})
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
    assert.equal(await outcome({bytes: Buffer.from(text), name: text}), 'failed', text)
  }
})

test('a Gemini session cut mid-line keeps every complete line', async () => {
  const source = (await sources()).find((candidate) =>
    candidate.path.endsWith('real-0.61.0__headless-yolo-shell.jsonl')
  )
  assert.ok(source)
  const bytes = await readFile(source.path)
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
