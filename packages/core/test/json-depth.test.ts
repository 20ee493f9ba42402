import assert from 'node:assert/strict'
import {test} from 'vitest'
import {VFile} from 'vfile'
import {defaultLimits, inputFromString, readJsonLines} from '@chatmark/core'

// The reference: the depth scan walked character by character, as it was before strings were skipped with indexOf.
function nestsDeeper(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const code = text[index]
    if (inString) {
      if (code === '\\') index++
      else if (code === '"') inString = false
    } else if (code === '"') inString = true
    else if (code === '[' || code === '{') {
      if (++depth > max) return true
    } else if (code === ']' || code === '}') depth--
  }
  return false
}

async function tooDeepLines(lines: string[], max: number): Promise<number[]> {
  const file = new VFile()
  const limits = {...defaultLimits, maxJsonDepth: max}
  for await (const _ of readJsonLines(inputFromString(lines.join('\n')), {file, limits, source: 'test'})) {
    // Only the messages matter.
  }
  return file.messages.filter((message) => message.ruleId === 'too-deep').map((message) => message.line ?? 0)
}

test('brackets inside strings never count, whatever backslashes come before a quote', async () => {
  const lines = [
    '[[["a"]]]',
    '[["[[[[[["]]',
    '[["\\"[[[[[["]]',
    '[["\\\\"],[[[["x"]]]]]',
    '[["\\\\\\"[[[[["]]',
    '{"a":{"b":{"c":"}}}{{{{"}}}}',
    '{"a":{"b":{"c":{"d":1}}}}',
    '[[["unclosed [[[[[[',
    '"\\\\\\\\"[[[[',
    '[["\\u0022[[[["]]'
  ]
  const expected = lines.flatMap((line, index) => (nestsDeeper(line, 3) ? [index + 1] : []))
  assert.deepEqual(expected, [4, 7, 9])
  assert.deepEqual(await tooDeepLines(lines, 3), expected)
})

test('generated lines of quotes, backslashes and brackets are judged as a character walk judges them', async () => {
  const pieces = ['"', '\\', '[', ']', '{', '}', 'a', ',', ':', '\\"', '\\\\']
  let seed = 7
  const random = (below: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % below
  }
  const lines = Array.from({length: 3000}, () =>
    Array.from({length: 4 + random(40)}, () => pieces[random(pieces.length)]).join('')
  )
  for (const max of [1, 2, 4]) {
    const expected = lines.flatMap((line, index) => (line.trim() !== '' && nestsDeeper(line, max) ? [index + 1] : []))
    assert.ok(expected.length > 30, `max ${max}: the generated lines nest deeper often enough to test`)
    assert.deepEqual(await tooDeepLines(lines, max), expected)
  }
})
