import assert from 'node:assert/strict'
import type {Root} from 'mdast'
import remarkRehype from 'remark-rehype'
import rehypeStringify from 'rehype-stringify'
import {unified} from 'unified'
import {VFile} from 'vfile'
import {test} from 'vitest'
import {chatmarkHandlers} from '../src/chatmark-to-hast.js'
import {remarkToHast} from '../src/remark-to-hast.js'

// One mdast-util-to-hast state per page (file) gives what remark-rehype's state per run gives, turn after turn of
// a page: trees with link or footnote definitions get a state of their own, and messages are numbered per page.

const options = {handlers: chatmarkHandlers, clobberPrefix: ''}
const reused = unified().use(remarkToHast, options).use(rehypeStringify).freeze()
const plain = unified().use(remarkRehype, options).use(rehypeStringify).freeze()

/** The turns of a page, each run on its own with the page's file, as `htmlChunks` runs them. */
function pageOf(processor: typeof reused | typeof plain, trees: Root[]): string[] {
  const file = new VFile()
  return trees.map((tree) => processor.stringify(processor.runSync(structuredClone(tree), file)))
}

const turns: Root[] = [
  {
    type: 'root',
    children: [
      {
        type: 'chatmarkTurn',
        role: 'assistant',
        children: [
          {type: 'heading', depth: 2, children: [{type: 'text', value: 'Assistant'}]},
          {type: 'chatmarkMessage', value: 'A note[^1].\n\n[^1]: The footnote.', depth: 2},
          {type: 'paragraph', children: [{type: 'emphasis', children: [{type: 'text', value: '10 tokens'}]}]}
        ]
      }
    ]
  },
  // Definitions and footnotes in the turn's own tree: converted with a state of their own.
  {
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: [
          {
            type: 'linkReference',
            identifier: 'a',
            label: 'a',
            referenceType: 'full',
            children: [{type: 'text', value: 'link'}]
          },
          {type: 'footnoteReference', identifier: 'n', label: 'n'}
        ]
      },
      {type: 'definition', identifier: 'a', label: 'a', url: 'https://example.com/'},
      {
        type: 'footnoteDefinition',
        identifier: 'n',
        label: 'n',
        children: [{type: 'paragraph', children: [{type: 'text', value: 'Said.'}]}]
      }
    ]
  } as Root,
  {
    type: 'root',
    children: [
      {
        type: 'chatmarkTurn',
        role: 'user',
        children: [{type: 'chatmarkMessage', value: 'Again[^1].\n\n[^1]: Two.', depth: 2}]
      }
    ]
  }
]

test('a state per page converts every turn as a state per run does', () => {
  const expected = pageOf(plain, turns)
  assert.deepEqual(pageOf(reused, turns), expected)
  // Footnotes of the first and third turns' messages: the first and second messages of the page.
  assert.match(expected[0] ?? '', /id="m1-fn-1"/)
  assert.match(expected[2] ?? '', /id="m2-fn-1"/)
  assert.match(expected[1] ?? '', /href="https:\/\/example.com\/"/)
  // A second page numbers its messages from one again.
  assert.deepEqual(pageOf(reused, turns), expected)
})
