import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Input} from '@chatmark/core'
import {defaultLimits, inputFromString, parseJsonItem, readJsonItemBytes, readJsonItems} from '@chatmark/core'
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

test('backslash runs before a quote are read right wherever a chunk ends', async () => {
  // Escaped quotes after runs of 0 to 5 backslashes, and strings ending in escaped backslashes: the scan finds the
  // closing quote by the parity of the run before it, which may begin in an earlier chunk.
  const values = [
    {t: 'a"b', u: '\\', v: '\\\\'},
    {t: '\\"', u: '\\\\"\\', v: 'x\\\\\\"y'},
    ['\\', '"', '\\"', '"\\'],
    '\\\\\\\\\\',
    {n: 1, s: '[{,}]'}
  ]
  const text = JSON.stringify(values)
  for (let size = 1; size <= 12; size++) {
    const read = await items(chunked(text, size))
    assert.deepEqual(
      read.values,
      values.map((value, index) => [index, value]),
      `chunks of ${size} bytes`
    )
    assert.deepEqual(read.messages, [])
  }
})

test('readJsonItemBytes gives each element as its JSON text, and parseJsonItem parses it', async () => {
  const input = chunked('\uFEFF[ {"id": "a", "t": "ü\\""} , [1, 2],"s",\n 3.5, {"id": "b",, }]', 5)
  const file = new VFile({path: input.name})
  const options = {file, limits: defaultLimits, source: 'test'}
  const raw: Array<[number, number, string]> = []
  const parsed: unknown[] = []
  for await (const item of readJsonItemBytes(input, options)) {
    raw.push([item.index, item.start, Buffer.from(item.bytes).toString('utf8')])
    // Its own buffer, of its own size: posting it to a worker copies that element alone.
    assert.equal(item.bytes.buffer.byteLength, item.bytes.byteLength)
    const value = parseJsonItem(item, options)
    if (value) parsed.push([value.index, value.value])
  }
  assert.deepEqual(raw, [
    [0, 5, '{"id": "a", "t": "ü\\""}'],
    [1, 32, '[1, 2]'],
    [2, 39, '"s"'],
    [3, 45, '3.5'],
    [4, 50, '{"id": "b",, }']
  ])
  assert.deepEqual(parsed, [
    [0, {id: 'a', t: 'ü"'}],
    [1, [1, 2]],
    [2, 's'],
    [3, 3.5]
  ])
  assert.equal(file.messages.length, 1)
  assert.match(
    String(file.messages[0]?.reason),
    /^Item 4 of the array \(from byte 50\) is not valid JSON \(.+\): skipped$/
  )
})

test('readJsonItemBytes gives a top-level object whole, without its BOM', async () => {
  const file = new VFile({path: 'object'})
  const read: string[] = []
  for await (const item of readJsonItemBytes(inputFromString('\uFEFF{"id": "only"}'), {
    file,
    limits: defaultLimits,
    source: 'test'
  })) {
    read.push(`${item.index}: ${Buffer.from(item.bytes).toString('utf8')}`)
    assert.equal(item.bytes.buffer.byteLength, item.bytes.byteLength)
  }
  assert.deepEqual(read, ['0: {"id": "only"}'])
})

test('an item nested deeper than maxJsonDepth is skipped with a warning; the items around it are kept', async () => {
  const limits = {...defaultLimits, maxJsonDepth: 3}
  const input = chunked('[{"a": 1}, [[[["deep"]]]], {"b": [2]}]', 4)
  const file = new VFile({path: input.name})
  const values: unknown[] = []
  for await (const item of readJsonItems(input, {file, limits, source: 'test'})) values.push([item.index, item.value])
  assert.deepEqual(values, [
    [0, {a: 1}],
    [2, {b: [2]}]
  ])
  assert.deepEqual(
    file.messages.map((message) => `${message.ruleId}: ${message.reason}`),
    [
      'too-deep: Item 1 of the array (from byte 11) nests arrays or objects deeper than 3 levels (maxJsonDepth): ' +
        'skipped'
    ]
  )
})

test('generated arrays of strings of quotes, backslashes and brackets are read whole at any chunk size', async () => {
  // A fixed linear congruential generator: the same 200 documents on every run.
  let seed = 13
  const next = (limit: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % limit
  }
  const alphabet = ['\\', '"', '[', ']', '{', '}', ',', 'x', ' ', 'é', '\n']
  for (let document = 0; document < 200; document++) {
    const values = Array.from({length: 1 + next(5)}, () => {
      const text = Array.from({length: next(12)}, () => alphabet[next(alphabet.length)]).join('')
      return next(2) === 0 ? text : {k: text, n: [text]}
    })
    const read = await items(chunked(JSON.stringify(values), 1 + next(9)))
    assert.deepEqual(
      read.values,
      values.map((value, index) => [index, value])
    )
  }
})
