import assert from 'node:assert/strict'
import {test} from 'vitest'
import {pace} from '../src/progress/progress-pace.js'
import {progressLine} from '../src/progress/progress-line.js'

const frame = {label: 'convert', fraction: 0.3, amount: '120/400 files', rate: '66 files/s', left: '4s'}

test('a line has the label, the bar, the share done, the amount, the rate, the time left and the detail', () => {
  assert.equal(
    progressLine({...frame, detail: 'in/a.jsonl'}, 120),
    'convert [██████░░░░░░░░░░░░░░] 30% | 120/400 files | 66 files/s | 4s left | in/a.jsonl'
  )
  // A narrow terminal gets a shorter bar, and the share is rounded down: 100% only when all is done.
  assert.equal(
    progressLine({label: 'sync', fraction: 0.999, amount: '999/1,000 sources'}, 80),
    'sync [██████████] 99% | 999/1,000 sources'
  )
})

test('a line is fitted into the terminal: a long detail loses its start, then the line its end', () => {
  const long = {...frame, detail: 'sessions/2026/a-very-long-project-name/and-a-session.jsonl'}
  const line = progressLine(long, 80)
  assert.equal(line, 'convert [███░░░░░░░] 30% | 120/400 files | 66 files/s | 4s left | …ession.jsonl')
  assert.equal([...line].length, 79)
  assert.equal(progressLine(long, 30), 'convert [███░░░░░░░] 30% | 12')
  assert.equal(progressLine(long, 0), '')
})

test('the pace is the average over the run, unknown until something is done and time has passed', () => {
  assert.equal(pace(0, 10, 5000), undefined)
  assert.equal(pace(3, 10, 0), undefined)
  assert.deepEqual(pace(4, 10, 2000), {perSecond: 2, secondsLeft: 3})
  assert.deepEqual(pace(12, 10, 2000), {perSecond: 6, secondsLeft: 0})
})
