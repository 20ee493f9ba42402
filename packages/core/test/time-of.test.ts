import assert from 'node:assert/strict'
import {test} from 'vitest'
import {timeOf} from '@chatmark/core'

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
