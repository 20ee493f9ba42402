import assert from 'node:assert/strict'
import {test} from 'vitest'
import {containParsed, needsBlockParser} from '../src/render/contain-markdown.js'
import {containSimple} from '../src/render/contain-simple.js'

// Kinds of line around fences and headings: what the gate takes (fences and headings at a line's start, text,
// lists, inline code) beside what it must leave to markdown-it (indented or tabbed fences, fences in items and
// quotes, HTML, setext underlines, empty items, indented code).
const kinds = ['text', '', '```', '```js', '````', '~~~', '~~~~ x', '``` ', '```\t', '  ```', ' ```', '\t```', '```a`b']
kinds.push('# h', '## h #', '###### h', '####### h', '#', '#tag', ' # h', '    # h', '- item', '- `code`', '1. x', '-')
kinds.push(
  '#\th',
  '> q',
  '> # h',
  '> ```',
  '- ```',
  '- # h',
  '    code',
  '---',
  '===',
  '***',
  '<div>',
  ' <p>',
  '`inline`',
  '~~'
)
kinds.push('1.', '+', '* -', 'x ```', '- [ ] task', '| a | b |', '|---|---|', '<!-- c', 'a <b>')

const taken = [
  'text',
  '',
  '```',
  '```js',
  '````',
  '~~~',
  '# h',
  '## h #',
  '#tag',
  '- item',
  '- `code`',
  '1. x',
  '`inline`'
]
taken.push('> q', '    code', '| a | b |')

/** Checks that the gate gives what the parser gives wherever it gives anything; counts what it takes. */
function check(source: string, counts: {taken: number; changed: number}): void {
  const simple = containSimple(source, 2)
  if (simple === undefined) return
  counts.taken++
  if (simple !== source) counts.changed++
  assert.equal(simple, needsBlockParser(source) ? containParsed(source, 2) : source, JSON.stringify(source))
}

const clean = (lines: string[]): string =>
  lines
    .join('\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd()

test('text the gate contains without markdown-it is contained as markdown-it has it: every text of three lines', () => {
  const counts = {taken: 0, changed: 0}
  for (const first of kinds)
    for (const second of kinds) for (const third of kinds) check(clean([first, second, third]), counts)
  assert.ok(counts.taken > 5000 && counts.changed > 1000, JSON.stringify(counts))
})

test('and texts of up to twelve lines drawn at random, fences left open and closed', () => {
  // A fixed seed: the same texts every run (xorshift32).
  let seed = 0x9e3779b9
  const random = (below: number): number => {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return (seed >>> 0) % below
  }
  const counts = {taken: 0, changed: 0}
  for (let round = 0; round < 40_000; round++) {
    // Mostly lines the gate takes, so that long texts reach it; now and then any kind.
    const line = (): string => (random(4) === 0 ? kinds[random(kinds.length)] : taken[random(taken.length)]) as string
    const lines = Array.from({length: 4 + random(9)}, line)
    check(clean(lines), counts)
  }
  assert.ok(counts.taken > 5000 && counts.changed > 2500, JSON.stringify(counts))
})

test('the answer a chat model writes, with headings and fenced code, is taken; an open fence is not', () => {
  const answer = [
    '## Steps',
    '',
    '1. Install:',
    '',
    '```sh',
    'npm i',
    '# not a heading',
    '```',
    '',
    '### Notes',
    'Done.'
  ]
  assert.equal(containSimple(answer.join('\n'), 2)?.split('\n')[0], '#### Steps')
  assert.equal(containSimple(answer.slice(0, 7).join('\n'), 2), undefined)
})
