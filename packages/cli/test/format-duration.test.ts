import assert from 'node:assert/strict'
import {test} from 'vitest'
import {formatDuration} from '../src/progress/format-duration.js'

test('a time left is seconds under a minute, minutes and seconds under an hour, then hours and minutes', () => {
  for (const [seconds, shown] of [
    [0, '0s'],
    [0.4, '0s'],
    [59, '59s'],
    [59.4, '59s'],
    [60, '1m00s'],
    [125, '2m05s'],
    [3599, '59m59s'],
    [3600, '1h00m'],
    [3720, '1h02m'],
    [36_000, '10h00m']
  ] as const) {
    assert.equal(formatDuration(seconds), shown, String(seconds))
  }
})

test('no unit ever reads 60: the seconds are rounded once, before they are split', () => {
  for (const [seconds, shown] of [
    [59.5, '1m00s'],
    [119.4, '1m59s'],
    [119.6, '2m00s'],
    [179.6, '3m00s'],
    [3599.4, '59m59s'],
    [3599.5, '1h00m'],
    [3629, '1h00m'],
    [3630, '1h01m'],
    [7199, '2h00m']
  ] as const) {
    assert.equal(formatDuration(seconds), shown, String(seconds))
  }
})

test('a time that cannot be told is a question mark; a negative one is none left', () => {
  assert.equal(formatDuration(Number.POSITIVE_INFINITY), '?')
  assert.equal(formatDuration(Number.NaN), '?')
  assert.equal(formatDuration(-3), '0s')
})
