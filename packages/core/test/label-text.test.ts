import assert from 'node:assert/strict'
import {test} from 'vitest'
import {labelText} from '../src/render/label-text.js'

// The reference: the label as it was found before, by splitting the whole text into lines and code points.
function splitLabel(summary: string): string {
  const lines = summary.split('\n').filter((line) => line.trim() !== '')
  const folded = (lines[0] ?? '').replace(/\s+/g, ' ').trim()
  const characters = Array.from(folded)
  if (characters.length <= 80 && lines.length <= 1) return folded
  return `${characters.slice(0, 80).join('').trimEnd()}…`
}

test("a call's label is its first line that is not blank, folded and cut, whatever the text around it", () => {
  const pieces = ['\n', ' ', '\t', '\r', 'ls', '-la', 'é', '😀', '中', 'x'.repeat(30), '\n\n', '\u00a0']
  let seed = 5
  const random = (below: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % below
  }
  for (let run = 0; run < 5000; run++) {
    const text = Array.from({length: random(24)}, () => pieces[random(pieces.length)]).join('')
    assert.equal(labelText(text), splitLabel(text), JSON.stringify(text))
  }
  assert.equal(labelText(''), '')
  assert.equal(labelText('\n\n  git status  \n'), 'git status')
  assert.equal(labelText('one\ntwo'), 'one…')
})
