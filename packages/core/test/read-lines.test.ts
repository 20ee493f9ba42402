import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Input} from '@chatmark/core'
import {inputFromString, readJsonLines, readLines} from '@chatmark/core'
import {defaultLimits} from '@chatmark/core'
import {VFile} from 'vfile'
import {chunked} from './helpers.js'

async function collect(input: Input, maxLineBytes = 1024): Promise<{lines: string[]; long: Array<[number, number]>}> {
  const lines: string[] = []
  const long: Array<[number, number]> = []
  for await (const line of readLines(input, {
    maxLineBytes,
    onLongLine: (number, bytes) => long.push([number, bytes])
  })) {
    lines.push(`${line.line}:${line.text}`)
  }
  return {lines, long}
}

test('lines are split across chunk boundaries, in any chunk size', async () => {
  const text = '\uFEFFfirst\r\nsécond ☃ line\n\nlast without newline'
  for (const size of [1, 2, 3, 7, 1000]) {
    assert.deepEqual((await collect(chunked(text, size))).lines, [
      '1:first',
      '2:sécond ☃ line',
      '3:',
      '4:last without newline'
    ])
  }
})

test('an over-long line is skipped with its number and size, without losing its neighbours', async () => {
  const text = `short\n${'x'.repeat(50)}\nafter\n${'y'.repeat(30)}`
  for (const size of [4, 1000]) {
    const {lines, long} = await collect(chunked(text, size), 20)
    assert.deepEqual(lines, ['1:short', '3:after'])
    assert.deepEqual(long, [
      [2, 50],
      [4, 30]
    ])
  }
})

test('JSON lines report malformed and truncated lines as warnings and keep the rest', async () => {
  const file = new VFile({path: 'session.jsonl'})
  const skipped: string[] = []
  const counts: Record<string, number> = {}
  const values: unknown[] = []
  const input = inputFromString('{"a":1}\n\nnot json\n{"b":2}\n{"c":')
  for await (const record of readJsonLines(input, {
    file,
    limits: defaultLimits,
    source: 'test',
    skipped: counts,
    onSkip: (reason, line) => skipped.push(`${reason}@${line}`)
  })) {
    values.push(record.value)
  }
  assert.deepEqual(counts, {'malformed-line': 2})
  assert.deepEqual(values, [{a: 1}, {b: 2}])
  assert.deepEqual(skipped, ['malformed-line@3', 'malformed-line@5'])
  assert.deepEqual(
    file.messages.map((message) => [message.line, message.ruleId, message.fatal]),
    [
      [3, 'malformed-line', false],
      [5, 'malformed-line', false]
    ]
  )
  assert.match(file.messages[0]?.reason ?? '', /^Line 3 is not valid JSON \(.+\): skipped$/)
})

test('an oversized JSON line is reported with its size', async () => {
  const file = new VFile({path: 'big.jsonl'})
  const input = inputFromString(`{"a":1}\n{"big":"${'z'.repeat(2000)}"}\n{"b":2}\n`)
  const values: unknown[] = []
  for await (const record of readJsonLines(input, {
    file,
    limits: {...defaultLimits, maxLineBytes: 1024},
    source: 'test'
  }))
    values.push(record.value)
  assert.deepEqual(values, [{a: 1}, {b: 2}])
  assert.equal(file.messages[0]?.reason, 'Line 2 is 2.0 KB, over the 1.0 KB line limit (maxLineBytes): skipped')
})
