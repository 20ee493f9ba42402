import assert from 'node:assert/strict'
import {test} from 'vitest'
import {timeOf} from '@chatmark/core'
import {parseTime} from '../src/model/parse-time.js'

const times = [
  '2026-03-01',
  '2026-03-01T10:00',
  '2026-03-01T10:00:00.123Z',
  '2026-03-01 10:00:00+02:00',
  '2026-03-01t10:00:00z',
  '2026-03-01T10:00:00+02',
  `2026-03-01T10:00:00.${'1'.repeat(60)}Z`
]
const notTimes = ['2026-13-01', '2026-03-01T24:00', 'yesterday', '', '2026-03-01T10:00:00+2', `${'9'.repeat(50)}`]

test('a time is a time and anything else is not, however often it is asked', () => {
  // Asked many times over, as the reader, the normalizer and the renderer ask: the answers never change.
  for (let round = 0; round < 3; round++) {
    for (const time of times) assert.equal(timeOf(time), time, time)
    for (const text of notTimes) assert.equal(timeOf(text), undefined, text)
  }
})

test('tens of thousands of distinct times are each read right', () => {
  for (let minute = 0; minute < 120_000; minute += 1) {
    const time = new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString()
    assert.equal(timeOf(time), time)
  }
})

test('times written as toISOString writes them are read as the general parser reads them, near misses too', () => {
  // The fast path takes `2026-03-01T10:00:00.123Z` only with an upper-case `T` and `Z`; the same text with lower-case
  // ones goes the general way. A thousand times from year 0051 to 9509, each of their 24 characters changed to each of
  // a few others: both ways agree on what is a time and on its instant.
  const alphabet = ['0', '1', '2', '3', '5', '9', '-', ':', '.', 'T', 't', 'Z', 'z', ' ', '+', 'x', '/', '\u0660']
  let read = 0
  for (let index = 0; index < 1000; index++) {
    const time = new Date(Date.UTC(2000, 0, 1) + (index - 205) * 300_000_123_456).toISOString()
    for (let at = 0; at < 24; at++) {
      for (const character of alphabet) {
        const text = time.slice(0, at) + character + time.slice(at + 1)
        const general = text.replace(/T(.*)Z$/, 't$1z')
        assert.equal(parseTime(text), parseTime(general), text)
        if (parseTime(text) !== undefined) read++
      }
    }
  }
  assert.ok(read > 20_000, String(read))
})
