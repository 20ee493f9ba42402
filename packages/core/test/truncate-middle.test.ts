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

// The reference: code points counted and cuts found by walking every unit, as before the fast paths.
function walkedCount(text: string): number {
  let count = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1)
      if (next >= 0xdc00 && next <= 0xdfff) index++
    }
    count++
  }
  return count
}

function walkedTruncate(text: string, max: number): {head: string; tail: string; cut: number} {
  if (max <= 0 || text.length <= max || walkedCount(text) <= max) return {head: text, tail: '', cut: 0}
  const high = (code: number): boolean => code >= 0xd800 && code <= 0xdbff
  const low = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff
  const keepHead = Math.ceil(max / 2)
  const keepTail = max - keepHead
  let headEnd = 0
  for (let seen = 0; seen < keepHead && headEnd < text.length; seen++)
    headEnd += high(text.charCodeAt(headEnd)) && low(text.charCodeAt(headEnd + 1)) ? 2 : 1
  let tailStart = text.length
  for (let seen = 0; seen < keepTail && tailStart > 0; seen++)
    tailStart -= low(text.charCodeAt(tailStart - 1)) && tailStart >= 2 && high(text.charCodeAt(tailStart - 2)) ? 2 : 1
  const slack = Math.floor(max / 10)
  const headBreak = text.lastIndexOf('\n', headEnd - 1)
  if (headBreak !== -1 && headEnd - headBreak <= slack) headEnd = headBreak + 1
  const tailBreak = text.indexOf('\n', tailStart)
  if (tailBreak !== -1 && tailBreak - tailStart <= slack) tailStart = tailBreak + 1
  return {head: text.slice(0, headEnd), tail: text.slice(tailStart), cut: walkedCount(text.slice(headEnd, tailStart))}
}

test('counts and cuts are those of a walk over every unit, for one-byte, two-byte and broken text', () => {
  const pieces = ['a', 'bc', '\n', 'é', '中', '😀', '\uD83D', '\uDE00', '\r\n', 'x'.repeat(30)]
  let seed = 11
  const random = (below: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % below
  }
  for (let run = 0; run < 2000; run++) {
    // Every third text is one-byte only (no piece past Latin-1), as most tool output is.
    const choices = run % 3 === 0 ? 4 : pieces.length
    const text = Array.from({length: random(120)}, () => pieces[random(choices)]).join('')
    assert.equal(countCodePoints(text), walkedCount(text))
    for (const max of [1, 7, 40, 200]) assert.deepEqual(truncateMiddle(text, max), walkedTruncate(text, max))
  }
})
