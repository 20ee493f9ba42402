import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {conversationToMdast, toNote} from '@chatmark/core'
import type {Nodes, RootContent} from 'mdast'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {gfmFromMarkdown} from 'mdast-util-gfm'
import {gfm} from 'micromark-extension-gfm'

function withMessage(text: string): Conversation {
  return {
    id: 'c-1',
    title: 'T',
    source: {format: 'test'},
    participants: [],
    metadata: {},
    turns: [
      {role: 'user', parts: [{type: 'text', text}]},
      {role: 'assistant', parts: [{type: 'text', text: 'Answer'}]}
    ],
    fidelity: {}
  }
}

/** The parsed message of the first turn: the turn's children after its heading. */
function parsedMessage(text: string): RootContent[] {
  const turn = conversationToMdast(withMessage(text), {parseMessages: true}).children[2]
  assert.equal(turn?.type, 'chatmarkTurn')
  return turn?.type === 'chatmarkTurn' ? turn.children.slice(1) : []
}

/**
 * The message parsed whole, as `parseMessages` sees it: headings two levels down, line endings `\n`, images and
 * raw HTML marked to be made safe in Markdown (`remoteContent: 'link'`).
 */
function parsedWhole(text: string): RootContent[] {
  const tree = fromMarkdown(text, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]})
  const stack: Nodes[] = [tree]
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'heading') node.depth = Math.min(6, node.depth + 2) as 1 | 2 | 3 | 4 | 5 | 6
    if (node.type === 'html' || node.type === 'image' || node.type === 'imageReference')
      node.data = {...node.data, chatmarkRemoteContent: 'link'}
    if ('value' in node) node.value = node.value.replace(/\r\n?/g, '\n')
    if ('children' in node) stack.push(...node.children)
  }
  return tree.children
}

test('a long message is parsed in pieces into the tree of the whole, positions in the message', () => {
  const blocks = [
    'A paragraph with *emphasis*, `code` and www.example.com',
    '# A heading',
    'Setext\n===',
    '- a list\n- of two\n\n  continued in the item',
    '1. one\n\n2. two, loose',
    '> a quote\nwith a lazy line',
    '```ts\nconst a = 1\n\n\nconst b = 2\n```',
    '    indented\n\n    code',
    '<!--\na comment\n\nover a blank line\n-->',
    '| a | b |\n|---|---|\n| c | d |',
    '***',
    'Lines\r\nwith CRLF\r\n\r\nand a\rbare CR'
  ]
  const parts: string[] = []
  for (let index = 0; parts.join('\n\n').length < 60_000; index++) parts.push(blocks[(index * 7) % blocks.length] ?? '')
  const text = parts.join('\n\n')
  const pieces = parsedMessage(text)
  assert.deepEqual(pieces, parsedWhole(text))
  assert.ok(pieces.length > 100)
  const last = pieces.at(-1)
  assert.equal(last?.position?.end.offset, text.trimEnd().length)
})

test('a fence that micromark holds open at the end of a piece is parsed with the rest of the message', () => {
  // After indented code, micromark reads `1.` as a paragraph and the fence under it as top-level, open to the end;
  // markdown-it reads an item that holds the fence, which ends with it.
  const text = `${'word '.repeat(1000)}\n\n    code\n1.\n   ~~~\n\n${'para\n\n'.repeat(2000)}`
  const message = parsedMessage(text)
  assert.deepEqual(message, parsedWhole(text))
  assert.equal(message.at(-1)?.type, 'code')
})

test('a message that may hold a definition is parsed whole, so a reference anywhere finds it', () => {
  const text = `[the link][x]\n\n${'para\n\n'.repeat(3000)}[x]: https://example.com\n`
  const message = parsedMessage(text)
  const first = message[0]
  assert.equal(first?.type === 'paragraph' && first.children[0]?.type, 'linkReference')
  assert.match(toNote(withMessage(text), {parseMessages: true}), /\[the link\]\[x\]/)
})

test('a bare \\r in a parsed code block in a block quote stays in the quote', () => {
  const markdown = toNote(withMessage('> ```\r> x\r> ## Forged\r> ```'), {parseMessages: true})
  assert.ok(markdown.includes('> ```\n> x\n> ## Forged\n> ```'), markdown)
  const note = fromMarkdown(markdown.slice(markdown.indexOf('\n# T')))
  const headings = note.children.filter((node) => node.type === 'heading' && node.depth === 2)
  assert.equal(headings.length, 2)
})
