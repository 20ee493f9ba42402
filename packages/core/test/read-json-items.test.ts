import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Input} from '@chatmark/core'
import {defaultLimits, inputFromString, readJsonItems} from '@chatmark/core'
import {VFile} from 'vfile'
import {chunked} from './helpers.js'

async function items(input: Input): Promise<{values: unknown[]; messages: string[]}> {
  const file = new VFile({path: input.name})
  const values: unknown[] = []
  for await (const item of readJsonItems(input, {file, limits: defaultLimits, source: 'test'}))
    values.push([item.index, item.value])
  return {values, messages: file.messages.map((message) => `${message.ruleId}: ${message.reason}`)}
}

test('the elements of a top-level array are yielded one by one, across any chunking', async () => {
  const text = '\uFEFF[{"id": "a", "t": "x\\"y"}, {"id": "b", "n": [1, 2]}, "three"]'
  for (const size of [1, 3, 7, 1000]) {
    const read = await items(chunked(text, size))
    assert.deepEqual(read.values, [
      [0, {id: 'a', t: 'x"y'}],
      [1, {id: 'b', n: [1, 2]}],
      [2, 'three']
    ])
    assert.deepEqual(read.messages, [], 'a whole document raises no message')
  }
})

test('a top-level object is one item', async () => {
  const read = await items(inputFromString(' {"id": "only"}\n'))
  assert.deepEqual(read.values, [[0, {id: 'only'}]])
  assert.deepEqual(read.messages, [])
})

test('a cut-off document keeps the items before the break and says where it stopped', async () => {
  const cut = await items(inputFromString('[{"id": "a"}, {"id": "b"}, {"id": "c", "x": tru'))
  assert.deepEqual(cut.values, [
    [0, {id: 'a'}],
    [1, {id: 'b'}]
  ])
  assert.deepEqual(cut.messages, [
    'malformed-json: The JSON breaks off at byte 47, inside the array: reading stopped there; the 2 item(s) before ' +
      'it are kept'
  ])
})

test('a broken item is skipped with its position, and the items after it are kept', async () => {
  const broken = await items(inputFromString('[{"id": "a"}, {"id": "b",, }, {"id": "c"}, 42, "s]{", null]'))
  assert.deepEqual(broken.values, [
    [0, {id: 'a'}],
    [2, {id: 'c'}],
    [3, 42],
    [4, 's]{'],
    [5, null]
  ])
  assert.equal(broken.messages.length, 1)
  assert.match(
    broken.messages[0] ?? '',
    /^malformed-json: Item 1 of the array \(from byte 14\) is not valid JSON \(.+\): skipped$/
  )
})

test('multi-byte characters split across chunks are read whole', async () => {
  const text = JSON.stringify([{t: 'ünïcødé ☃ 日本 😀'}, {t: '\\"quoted\\"'}])
  for (const size of [1, 2, 5])
    assert.deepEqual((await items(chunked(text, size))).values, [
      [0, {t: 'ünïcødé ☃ 日本 😀'}],
      [1, {t: '\\"quoted\\"'}]
    ])
})

test('a document that is not an array or object is refused', async () => {
  await assert.rejects(items(inputFromString('"text"')), /expected a JSON array or object, found `"`/)
})

test('an item over maxInputBytes stops the read with an error naming the item and the limit', async () => {
  const limits = {...defaultLimits, maxInputBytes: 64}
  const input = chunked(`[{"id": "a"}, {"id": "${'x'.repeat(200)}"}]`, 16)
  const file = new VFile({path: input.name})
  const values: unknown[] = []
  await assert.rejects(async () => {
    for await (const item of readJsonItems(input, {file, limits, source: 'test'})) values.push(item.value)
  }, /^Error: item 1 of the array is over 64 B \(maxInputBytes\)$/)
  assert.deepEqual(values, [{id: 'a'}], 'the items before it are read')
})
