import assert from 'node:assert/strict'
import type {Root} from 'mdast'
import {toMarkdown} from 'mdast-util-to-markdown'
import {test} from 'vitest'
import {serialize, serializeOptions} from '../src/serialize.js'

// The plain-line shortcut of `serialize` must give exactly what the serialiser gives: checked on lines made of the
// characters it accepts and the ones around them that Markdown cares about.
const alphabet = ['a', 'Z', 'é', 'w', 'W', '1', ' ', '.', ',', "'", '"', '?', '!', ':', ';', '-', '#', '*', '@', '_']

function randomLine(next: () => number): string {
  const length = 1 + Math.floor(next() * 12)
  let line = ''
  for (let index = 0; index < length; index++) line += alphabet[Math.floor(next() * alphabet.length)]
  return line
}

test('a one-line paragraph serialises the same with or without the plain-line shortcut', () => {
  let state = 20261201
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
  let shortcut = 0
  for (let run = 0; run < 30_000; run++) {
    const value = randomLine(next)
    const tree: Root = {type: 'root', children: [{type: 'paragraph', children: [{type: 'text', value}]}]}
    const expected = toMarkdown(tree, serializeOptions).replace(/\n+$/, '')
    assert.equal(serialize(tree), expected, JSON.stringify(value))
    if (expected === value) shortcut++
  }
  // Most lines of these characters are plain, so the comparison covers the shortcut, not only the slow path.
  assert.ok(shortcut > 5_000, `${shortcut} plain lines`)
})
