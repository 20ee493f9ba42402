import assert from 'node:assert/strict'
import {test} from 'vitest'
import {countCodePoints, truncateMiddle} from '@chatmark/core'

test('short text is kept whole', () => {
  assert.deepEqual(truncateMiddle('abc', 10), {head: 'abc', tail: '', cut: 0})
  assert.deepEqual(truncateMiddle('x'.repeat(100), 0), {head: 'x'.repeat(100), tail: '', cut: 0})
})

test('long text keeps head and tail and counts what was cut in code points', () => {
  const text = '😀'.repeat(100)
  const {head, tail, cut} = truncateMiddle(text, 10)
  assert.equal(countCodePoints(head) + countCodePoints(tail) + cut, 100)
  assert.equal(countCodePoints(head) + countCodePoints(tail), 10)
  // No surrogate pair is split.
  assert.ok(!/[\uD800-\uDBFF]$/.test(head))
  assert.ok(!/^[\uDC00-\uDFFF]/.test(tail))
})

test('cuts snap to nearby line breaks', () => {
  const lines = Array.from({length: 100}, (_, index) => `line ${String(index).padStart(3, '0')}`).join('\n')
  const {head, tail, cut} = truncateMiddle(lines, 200)
  assert.ok(head.endsWith('\n'))
  assert.match(tail, /^line \d{3}/)
  assert.equal(countCodePoints(head) + countCodePoints(tail) + cut, countCodePoints(lines))
})
