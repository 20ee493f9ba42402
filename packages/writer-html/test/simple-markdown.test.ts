import assert from 'node:assert/strict'
import {overParseBudget} from '@chatmark/core'
import type {Nodes} from 'hast'
import type {Nodes as MdastNodes} from 'mdast'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {gfmFromMarkdown} from 'mdast-util-gfm'
import {toHast} from 'mdast-util-to-hast'
import {gfm} from 'micromark-extension-gfm'
import {test} from 'vitest'
import {pushHeadings} from '../src/message-to-hast.js'
import {simpleMarkdown} from '../src/simple-markdown.js'

// Text the fast path takes must give exactly the elements micromark and mdast-util-to-hast make of it. Texts are
// built from pieces of lines: the block starts the path reads (headings, items, fences) and those it must leave to
// the parser (other markers, indentation, rules, underlines, tables), code spans and their edges, the characters
// that are syntax only somewhere (`#`, `>`, `|`, `=`, `&`, `!`, `:`), and line endings.
const pieces = [
  'a',
  'b c',
  'é',
  ' ',
  '  ',
  '\n',
  '\n',
  '\n',
  '\n\n',
  ' \n',
  '\n\n\n',
  '## ',
  '# ',
  '###### ',
  '####### ',
  '#',
  '- ',
  '-',
  '---',
  '- - -',
  '* ',
  '+ ',
  '1. ',
  '2)',
  '    ',
  '\t',
  '```',
  '```ts\n',
  '```\n',
  '\n```\n',
  '````\n',
  '~~~\n',
  '`',
  '`x`',
  '` y `',
  '``',
  '=',
  '\n===\n',
  '>',
  '> ',
  '|',
  'a | b\n--- | ---\n',
  '&',
  '&amp;',
  '!',
  ':',
  '/',
  '.',
  ',',
  '(',
  "'",
  '\u00a0',
  'w',
  'www.',
  'https://x',
  'a@b.c',
  '*',
  '_',
  '<b>',
  '[a]',
  '\\'
]

function* random(seed: number): Generator<number> {
  let state = seed
  for (;;) {
    state = (state * 1103515245 + 12345) % 2147483648
    yield state / 2147483648
  }
}

/** What the page gets without the fast path: the parsed message's block elements, without source positions. */
function parsed(value: string, depth: number): unknown {
  const tree = fromMarkdown(value, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]})
  pushHeadings(tree as MdastNodes, depth)
  const hast = toHast(tree)
  const children = hast.type === 'root' ? hast.children : [hast]
  return JSON.parse(
    JSON.stringify(
      children.filter((child) => child.type === 'element' || (child.type === 'text' && /\S/.test(child.value))),
      (key, item: unknown) => (key === 'position' ? undefined : item)
    )
  ) as Nodes[]
}

/** A line's start: the blocks the path reads, and others it must leave to the parser. */
const starts = [
  ...['', '', '', '', '', '', '## ', '# ', '#### ', '- ', '- ', '- ', '- '],
  ...['```ts', '```', '```', '```ts\nconst a = `b` <c>\n\n  d\n```\n', '```\n```\n']
]
const otherStarts = ['* ', '1. ', '  ', '> ', '-', '#', '```ts x', '=', '|']
/** A line's content: mostly what the path reads, now and then what it does not. */
const words = ['a', 'b c', 'é', 'd', '`x`', '`y z`', '!', ':', '#', '>', '|', '=', '&', '+', '.', '(1)', ', ']
const otherWords = [' ', '`', '*', '_', '<', '&lt;', '\t', 'www.', '[x]']

test('simple Markdown is exactly what the parser makes of it, and anything else is left to it', () => {
  const numbers = random(7)
  const next = (): number => numbers.next().value as number
  const pick = <T>(from: readonly T[]): T => from[Math.floor(next() * from.length)] as T
  let simple = 0
  let withBlocks = 0
  const check = (value: string): void => {
    const depth = Math.floor(next() * 3)
    const fast = simpleMarkdown(value, depth)
    if (fast === undefined) return
    simple++
    if (fast.some((block) => block.tagName !== 'p')) withBlocks++
    assert.deepEqual(fast, parsed(value, depth), JSON.stringify(value))
  }
  // Pieces of lines, joined at random.
  for (let index = 0; index < 20_000; index++) {
    check(Array.from({length: 1 + Math.floor(next() * 30)}, () => pick(pieces)).join(''))
  }
  // Lines: a start, then content, joined by one line ending or two.
  for (let index = 0; index < 20_000; index++) {
    const lines = Array.from(
      {length: 1 + Math.floor(next() * 6)},
      () =>
        pick(next() < 0.05 ? otherStarts : starts) +
        Array.from({length: Math.floor(next() * 4)}, () => pick(next() < 0.03 ? otherWords : words)).join('')
    )
    check(lines.reduce((text, line) => text + (next() < 0.5 ? '\n' : '\n\n') + line))
  }
  assert.ok(simple > 3000, `${simple} texts took the fast path`)
  assert.ok(withBlocks > 1500, `${withBlocks} of them with a heading, list or code`)
})

test('the shape chat models write most takes the fast path', () => {
  const value = [
    '## What changed',
    'The parser keeps memory flat, and `readLines` is 2x faster (#28) > before!',
    '- the first `item`\n- the second',
    '```ts\nconst a = run(`x`) && b[0]\n\n  indented <b>\n```',
    'Done: see the notes.'
  ].join('\n\n')
  const fast = simpleMarkdown(value, 1)
  assert.ok(fast)
  assert.deepEqual(fast, parsed(value, 1))
  assert.deepEqual(
    fast.map((block) => block.tagName),
    ['h3', 'p', 'ul', 'pre', 'p']
  )
})

test('emphasis, links, HTML, tables, loose lists, indentation and unclosed fences go to the parser', () => {
  for (const value of [
    'a *b*',
    'a _b_',
    '[a](b)',
    'see https://x.y',
    'mail a@b.c',
    'a <b> c',
    'a &amp; b',
    'a | b\n--- | ---\nc | d',
    '- a\n\n- b',
    '- a\nlazy',
    '    code',
    'a\n---',
    'a\n===',
    '```ts\nopen',
    '```ts meta\nx\n```',
    '```\nx\n````',
    'trailing ',
    '1. one',
    '> quote',
    '# a #',
    'a `b',
    'a ``b`` c',
    '` a `'
  ]) {
    assert.equal(simpleMarkdown(value, 0), undefined, value)
  }
})

test('text over the parse budget is left to the parser, which refuses it', () => {
  const value = Array.from({length: 300}, () => '`a`').join(' ')
  assert.ok(overParseBudget(value) !== undefined)
  assert.equal(simpleMarkdown(value, 0), undefined)
})
