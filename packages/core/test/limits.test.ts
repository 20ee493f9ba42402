import assert from 'node:assert/strict'
import {test} from 'vitest'
import {VFile} from 'vfile'
import {
  capMessages,
  defaultLimits,
  inputFromStream,
  inputFromString,
  readJsonItems,
  readJsonLines,
  shorten
} from '@chatmark/core'

test('messages are kept up to the cap per rule, the rest counted in one message', () => {
  const file = capMessages(new VFile({path: 'a.jsonl'}), 3)
  for (let line = 1; line <= 1000; line++) {
    file.message(`Line ${line} is not valid JSON`, {ruleId: 'malformed-line', source: 'test', place: {line, column: 1}})
    if (line % 100 === 0) file.message('other', {ruleId: 'other-rule', source: 'test'})
  }
  const reasons = file.messages.map((message) => message.reason)
  assert.deepEqual(reasons, [
    'Line 1 is not valid JSON',
    'Line 2 is not valid JSON',
    'Line 3 is not valid JSON',
    'and 997 more malformed lines',
    'other',
    'other',
    'other',
    'and 7 more `other-rule` messages'
  ])
  assert.equal(file.messages[3]?.ruleId, 'malformed-line')
})

test('a rule of fatal messages stays fatal once capped, and long reasons are cut', () => {
  const file = capMessages(new VFile(), 1)
  for (let index = 0; index < 3; index++) file.message('bad', {ruleId: 'broken'}).fatal = true
  assert.deepEqual(
    file.messages.map((message) => [message.reason, message.fatal]),
    [
      ['bad', true],
      ['and 2 more `broken` messages', true]
    ]
  )
  file.message(`title ${'x'.repeat(100_000)} and its end`)
  const cut = file.messages.at(-1)?.reason ?? ''
  assert.ok(cut.length <= 3000)
  // The middle is cut: the head and the tail stay.
  assert.match(cut, /^title x+… x+ and its end$/)
  assert.equal(shorten('😀'.repeat(100)).length <= 80, true)
  assert.ok(shorten('😀'.repeat(100)).endsWith('😀…'))
  assert.equal(shorten('short'), 'short')
})

test('stdin is read only up to its limit', async () => {
  let pulled = 0
  async function* zeros(): AsyncGenerator<Uint8Array> {
    for (;;) {
      pulled += 1024
      yield new Uint8Array(1024)
    }
  }
  await assert.rejects(inputFromStream(zeros(), '<stdin>', 10_000), /<stdin> is over the 9\.8 KB limit .*maxInputBytes/)
  assert.ok(pulled <= 11 * 1024)
  async function* parts(): AsyncGenerator<Uint8Array> {
    yield Buffer.from('abc')
    // A stream in text mode gives strings.
    yield 'def' as unknown as Uint8Array
  }
  const input = await inputFromStream(parts(), '<stdin>', 6)
  assert.equal(input.size, 6)
})

test('lines and items nested deeper than maxJsonDepth are skipped, naming them; the rest kept', async () => {
  const limits = {...defaultLimits, maxJsonDepth: 3}
  const file = new VFile()
  const lines = []
  const text = '[[["ok"]]]\n[[[[1]]]]\n{"a":"[[[[[[[[["}\n{"a":{"b":{"c":{}}}}\n'
  for await (const line of readJsonLines(inputFromString(text), {file, limits, source: 'test'})) lines.push(line.line)
  assert.deepEqual(lines, [1, 3])
  assert.deepEqual(
    file.messages.map((message) => [message.line, message.ruleId]),
    [
      [2, 'too-deep'],
      [4, 'too-deep']
    ]
  )
  const items = []
  const array = `[1,[[[[2]]]],{"x":[[3]]},${'['.repeat(10)}${']'.repeat(10)},"[[[[[[",5]`
  for await (const item of readJsonItems(inputFromString(array), {file, limits, source: 'test'})) items.push(item)
  assert.deepEqual(
    items.map((item) => item.index),
    [0, 2, 4, 5]
  )
  assert.match(
    file.messages.at(-1)?.reason ?? '',
    /Item 3 of the array \(from byte \d+\) nests .* deeper than 3 levels/
  )
})
