import assert from 'node:assert/strict'
import type {Heading, Paragraph, PhrasingContent, Root} from 'mdast'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {gfmFromMarkdown, gfmToMarkdown} from 'mdast-util-gfm'
import {toString as plainText} from 'mdast-util-to-string'
import {gfm} from 'micromark-extension-gfm'
import {toMarkdown} from 'mdast-util-to-markdown'
import {test} from 'vitest'
import {chatmarkToMarkdown} from '@chatmark/core'

// chatmark's paragraph and heading handlers write plain lines directly; whatever they write must be exactly what
// mdast-util-to-markdown's own handlers write for the same nodes (with chatmark's text handler, tested below).
// Lines are built from pieces like the ones chatmark's labels are made of, and from pieces chosen to be awkward
// (line-start markers, flanking punctuation, autolinks, Obsidian syntax, edge spaces).
const texts = [
  'Tool call',
  ' ',
  ' (success)',
  ': ',
  ': (empty)',
  '1. not a list',
  '- not a bullet',
  '. after',
  ') after',
  'review.md',
  'see www.example.com',
  'http://x.y',
  'a_b',
  '#tag',
  '%% hidden',
  '==mark==',
  'trailing ',
  ' leading',
  '15 tokens (10 input, 5 output)',
  'Claude · 2025-01-09 11:24 · claude-sonnet-4',
  'it\'s "quoted"?',
  '(paren)',
  ' (image, 1024×768, 140.7 KB) ',
  '2–3 — and so on…',
  'x'.repeat(250)
]
const codes = ['shell', 'a b', ' edge', 'tick`', 'src/file.ts', '']

/** A small deterministic generator, so a failure names a line that can be rebuilt. */
function* random(seed: number): Generator<number> {
  let state = seed
  for (;;) {
    state = (state * 1103515245 + 12345) % 2147483648
    yield state / 2147483648
  }
}

function line(numbers: Generator<number>): PhrasingContent[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor((numbers.next().value as number) * list.length)] as T
  const length = 1 + Math.floor((numbers.next().value as number) * 4)
  return Array.from({length}, (): PhrasingContent => {
    const kind = pick(['text', 'text', 'strong', 'emphasis', 'inlineCode'] as const)
    if (kind === 'inlineCode') return {type: 'inlineCode', value: pick(codes)}
    if (kind === 'text') return {type: 'text', value: pick(texts)}
    return {type: kind, children: [{type: 'text', value: pick(texts)}]}
  })
}

test('plain lines are written exactly as the default handlers write them', () => {
  const numbers = random(42)
  let fast = 0
  for (let index = 0; index < 3000; index++) {
    const children = line(numbers)
    const paragraph: Paragraph = {type: 'paragraph', children}
    const heading: Heading = {type: 'heading', depth: 2, children}
    for (const profile of ['gfm', 'obsidian'] as const) {
      for (const node of [paragraph, heading]) {
        const tree: Root = {type: 'root', children: [node]}
        const chatmark = chatmarkToMarkdown({profile})
        const ours = toMarkdown(tree, {extensions: [gfmToMarkdown(), chatmark]})
        const {paragraph: _, heading: __, ...handlers} = chatmark.handlers ?? {}
        const theirs = toMarkdown(tree, {extensions: [gfmToMarkdown(), {...chatmark, handlers}]})
        assert.equal(ours, theirs, JSON.stringify(children))
        if (!ours.includes('\\') && !ours.includes('&#')) fast++
      }
    }
  }
  assert.ok(fast > 1000, `${fast} lines needed no escaping`)
})

test('text written without escaping reads back as the same text, never a link', () => {
  const numbers = random(7)
  let unescaped = 0
  for (let index = 0; index < 2000; index++) {
    const children = line(numbers).filter((node) => node.type === 'text')
    if (children.length === 0) continue
    const value = children.map((node) => (node.type === 'text' ? node.value : '')).join('')
    const paragraph: Paragraph = {
      type: 'paragraph',
      children: [
        {type: 'strong', children: [{type: 'text', value: 'x'}]},
        {type: 'text', value}
      ]
    }
    const markdown = toMarkdown(
      {type: 'root', children: [paragraph]},
      {extensions: [gfmToMarkdown(), chatmarkToMarkdown()]}
    )
    const back = fromMarkdown(markdown, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]})
    assert.equal(plainText(back).trim(), `x${value}`.trim(), markdown)
    // Only what the fast path wrote: mdast-util-to-markdown's own escape of `http://` (`http\://`) still links.
    if (!markdown.includes(value.trim())) continue
    assert.ok(!JSON.stringify(back).includes('"link"'), markdown)
    unescaped++
  }
  assert.ok(unescaped > 500, `${unescaped} texts written as they are`)
})
