import assert from 'node:assert/strict'
import type {Nodes} from 'hast'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {gfmFromMarkdown} from 'mdast-util-gfm'
import {toHast} from 'mdast-util-to-hast'
import {gfm} from 'micromark-extension-gfm'
import {test} from 'vitest'
import {plainParagraphs} from '../src/plain-paragraphs.js'

// Text that passes for plain must give exactly the paragraphs micromark and mdast-util-to-hast make of it. Texts
// are built from an alphabet of prose with the characters that matter at the edges: spaces (and one non-breaking
// space), line endings, digits, dashes, dots and parentheses, colons and slashes.
const alphabet = [
  'a',
  'b',
  'é',
  ' ',
  ' ',
  '  ',
  '\n',
  '\n',
  '\n\n',
  ' \n',
  '1',
  '2.',
  '-',
  '.',
  ',',
  ')',
  '(',
  ':',
  '/',
  '?',
  "'",
  '\u00a0',
  'w',
  'W.'
]

function* random(seed: number): Generator<number> {
  let state = seed
  for (;;) {
    state = (state * 1103515245 + 12345) % 2147483648
    yield state / 2147483648
  }
}

/** What the page gets without the fast path: the parsed message's block elements, without source positions. */
function parsed(value: string): unknown {
  const hast = toHast(fromMarkdown(value, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]}))
  const children = hast.type === 'root' ? hast.children : [hast]
  return JSON.parse(
    JSON.stringify(
      children.filter((child) => child.type === 'element' || (child.type === 'text' && /\S/.test(child.value))),
      (key, item: unknown) => (key === 'position' ? undefined : item)
    )
  ) as Nodes[]
}

test('plain paragraphs are exactly what the parser makes of them, and anything else is left to it', () => {
  const numbers = random(3)
  let plain = 0
  for (let index = 0; index < 5000; index++) {
    const length = 1 + Math.floor((numbers.next().value as number) * 40)
    const value = Array.from(
      {length},
      () => alphabet[Math.floor((numbers.next().value as number) * alphabet.length)] ?? ''
    ).join('')
    const fast = plainParagraphs(value)
    if (fast === undefined) continue
    plain++
    assert.deepEqual(fast, parsed(value), JSON.stringify(value))
  }
  assert.ok(plain > 1000, `${plain} texts took the fast path`)
})

test('Markdown syntax, links, lists, code and hard breaks go to the parser', () => {
  for (const value of [
    'a *b*',
    'see https://x.y',
    'www.example.com',
    '- item',
    '1. one',
    '    code',
    'a  \nb',
    'x\n==='
  ]) {
    assert.equal(plainParagraphs(value), undefined, value)
  }
  assert.deepEqual(plainParagraphs('One line,\n  and the next.\n\n\nA second paragraph.'), [
    {type: 'element', tagName: 'p', properties: {}, children: [{type: 'text', value: 'One line,\nand the next.'}]},
    {type: 'element', tagName: 'p', properties: {}, children: [{type: 'text', value: 'A second paragraph.'}]}
  ])
})
