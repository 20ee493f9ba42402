import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation, Turn} from '@chatmark/core'
import {chatmarkToMarkdown, toNote} from '@chatmark/core'
import MarkdownIt from 'markdown-it'
import type {Heading, Root} from 'mdast'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {toMarkdown} from 'mdast-util-to-markdown'

// Fuzz failures of issue 11, each fixed in the renderer: a title, a heading's model or name, or message text
// that lost a heading or forged one. Every note is read by both parsers a note meets (micromark, as remark reads
// it, and markdown-it) and must have one title heading and one heading per turn.

const markdownIt = new MarkdownIt('commonmark', {html: true})

/** The depths of the top-level headings of a note, as micromark and as markdown-it read it. */
function headingDepths(markdown: string): {micromark: number[]; markdownIt: number[]} {
  const body = markdown.slice(markdown.indexOf('\n---\n') + 5)
  return {
    micromark: fromMarkdown(body).children.flatMap((node) => (node.type === 'heading' ? [node.depth] : [])),
    markdownIt: markdownIt
      .parse(body, {})
      .flatMap((token) => (token.type === 'heading_open' && token.level === 0 ? [Number(token.tag.slice(1))] : []))
  }
}

/** Asserts one title heading, then one turn heading per turn, and nothing else at those levels. */
function assertHeadings(markdown: string, turns: number): void {
  const expected = [1, ...Array.from({length: turns}, () => 2)]
  const {micromark, markdownIt: read} = headingDepths(markdown)
  assert.deepEqual(
    micromark.filter((depth) => depth <= 2),
    expected,
    `micromark: ${markdown}`
  )
  assert.deepEqual(
    read.filter((depth) => depth <= 2),
    expected,
    `markdown-it: ${markdown}`
  )
}

function conversation(turns: Turn[], title?: string, names: Record<string, string> = {}): Conversation {
  return {
    id: 'c-1',
    ...(title === undefined ? {} : {title}),
    source: {format: 'test'},
    participants: Object.entries(names).map(([id, name]) => ({id, name, kind: 'human' as const})),
    metadata: {},
    turns,
    fidelity: {}
  }
}

const user = (text: string): Turn => ({role: 'user', parts: [{type: 'text', text}]})
const assistant = (text: string): Turn => ({role: 'assistant', parts: [{type: 'text', text}]})

test('a title of only line breaks or whitespace falls back as an absent title does', () => {
  for (const title of ['\r', '\n', '\r\n', ' \r \n\t', '\r\r\r']) {
    const markdown = toNote(conversation([user('Fix the build'), assistant('Done.')], title))
    assertHeadings(markdown, 2)
    assert.match(markdown, /^# Fix the build$/m, JSON.stringify(title))
    assert.match(markdown, /^title: Fix the build$/m)
  }
})

test('a title with line breaks is one heading line, its breaks spaces, and never underlines itself', () => {
  const markdown = toNote(conversation([user('hello'), assistant('Done.')], ' -\r-\nplan\r\n'))
  assertHeadings(markdown, 2)
  assert.match(markdown, /^# - - plan$/m)
  assert.match(markdown, /^hello$/m)
})

test('a first prompt whose first line holds a bare \\r gives a title of that line only', () => {
  const markdown = toNote(conversation([user('Fix it\r---\nmore'), assistant('Done.')]))
  assertHeadings(markdown, 2)
  assert.match(markdown, /^# Fix it$/m)
})

test('a model or author name of only \\r (or with line breaks) keeps the turn heading, on one line', () => {
  const turns: Turn[] = [
    {role: 'user', author: 'u', parts: [{type: 'text', text: 'Question?'}]},
    {role: 'assistant', model: '\r', parts: [{type: 'text', text: 'First answer'}]},
    {role: 'assistant', author: 'n', model: 'gpt\r-\n', parts: [{type: 'text', text: 'Second answer'}]}
  ]
  const markdown = toNote(conversation(turns, 'T', {u: '\r\n', n: 'Ada\rLovelace'}))
  assertHeadings(markdown, 3)
  assert.match(markdown, /^## User\n\nQuestion\?$/m)
  assert.match(markdown, /^## Assistant\n\nFirst answer$/m)
  assert.match(markdown, /^## Ada Lovelace · gpt -\n\nSecond answer$/m)
})

test('a message of only \\r (or line breaks) is left out, and never takes the next turn heading with it', () => {
  for (const text of ['\r', '\r\r', '\r\n', ' \r ']) {
    const turns: Turn[] = [
      {role: 'user', parts: [{type: 'text', text}]},
      {
        role: 'assistant',
        parts: [
          {type: 'text', text},
          {type: 'text', text: 'Answer'}
        ]
      },
      user('Next')
    ]
    const markdown = toNote(conversation(turns, 'T'))
    // The first turn shows nothing, so it has no heading; the others keep theirs.
    assertHeadings(markdown, 2)
    assert.match(markdown, /^## Assistant\n\nAnswer\n\n## User\n\nNext$/m, JSON.stringify(text))
  }
})

test('a heading of depth 1 or 2 whose text holds line endings is written as one ATX line, with \\n', () => {
  const heading = (depth: 1 | 2, value: string): Heading => ({
    type: 'heading',
    depth,
    children: [{type: 'text', value}]
  })
  for (const value of ['x\r', '-\r-', 'a\n---', 'a\r\n\r\nb']) {
    for (const depth of [1, 2] as const) {
      const tree: Root = {type: 'root', children: [heading(depth, value), {type: 'paragraph', children: []}]}
      const markdown = toMarkdown(tree, {extensions: [chatmarkToMarkdown()]})
      const first = markdown.split('\n')[0] ?? ''
      assert.ok(first.startsWith(`${'#'.repeat(depth)} `), JSON.stringify(markdown))
      const parsed = fromMarkdown(markdown).children[0]
      assert.equal(parsed?.type === 'heading' && parsed.depth, depth, JSON.stringify(markdown))
      // Its text is kept, line endings `\n` (a note holds no bare `\r`).
      const kept = parsed?.type === 'heading' && parsed.children[0]?.type === 'text' && parsed.children[0].value
      assert.equal(kept, value.replace(/\r\n?/g, '\n'))
    }
  }
})

/** Message texts that forged or lost a turn heading in one parser or the other, with text each must still show. */
const hostileMessages: Array<[string, string]> = [
  // A link definition, an indented line, then an empty item and a rule: micromark reads a setext heading of the
  // indented line (the spec agrees), markdown-it code, an item and a rule.
  ['[x]: http://e.com\n    indented\n- \n---\n', 'indented'],
  // An item after a list of another bullet, then a rule: escaping the item made the rule an underline.
  ['*\n- \n---', '*'],
  // After indented code micromark reads an empty item as a paragraph, which a line of dashes underlines.
  ['    code\n- \n---\nafter', 'after'],
  ['    code\n-\n--\nafter', 'after'],
  // After indented code, `1.` is a paragraph to micromark and the comment under it top-level, not in an item.
  ['    <div>\n1.\n   <!--\n> ***', '<div>'],
  // A fence still open where its block quote or list item ends is closed inside it.
  ['> ```\n> code', 'code'],
  ['- ```\n  code\n\n  more', 'more']
]

test('message text that parsers read differently never forges or swallows a turn heading', () => {
  for (const [text, shown] of hostileMessages) {
    const markdown = toNote(conversation([user(text), assistant('Answer')], 'T'))
    assertHeadings(markdown, 2)
    assert.ok(markdown.includes(shown), `${JSON.stringify(text)} shows ${shown}`)
    assert.match(markdown, /^## Assistant\n\nAnswer$/m, JSON.stringify(text))
  }
})

test('a note holds no bare \\r: text, names, notices, code and parsed messages get \\n line endings', () => {
  const turns: Turn[] = [
    {
      role: 'user',
      parts: [
        {type: 'text', text: 'x\r\ny'},
        {type: 'notice', level: 'info', text: 'n\r## User\rx'},
        {type: 'tool-call', name: 't\rx', displayName: 'd\r## x', text: 'sum\r', input: {a: 1}, result: {text: 'r\rs'}}
      ]
    },
    assistant('> ```\r> code\r> ```')
  ]
  for (const profile of ['gfm', 'obsidian'] as const) {
    for (const parseMessages of [false, true]) {
      const markdown = toNote(conversation(turns, 'a\rb'), {profile, parseMessages})
      assert.ok(!markdown.includes('\r'), JSON.stringify(markdown))
      assertHeadings(markdown, 2)
    }
  }
})
