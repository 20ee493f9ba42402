import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {toNote} from '@chatmark/core'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {toString as textOf} from 'mdast-util-to-string'

// Headings, tool names and descriptions that chatmark writes as literals when
// they are inert must read back as exactly the same text as escaped ones.
const samples = [
  'Plain title',
  'Fix: the parser (again), 100% done?',
  'Ünïcödé — 日本語 · ok',
  '*stars* and _underscores_',
  '# hash',
  'a <b> & [c](d) `e` ~f~ |g| \\h',
  'www.example.com and https://x.y',
  'user@example.com',
  ' leading space',
  '1. looks like a list',
  '- dash first',
  'ends with #'
]

test('titles and headings read back as the text they were made from', () => {
  for (const title of samples) {
    const conversation: Conversation = {
      id: 'x',
      title,
      source: {format: 'test'},
      participants: [{id: 'p', name: title, kind: 'human'}],
      metadata: {},
      fidelity: {},
      turns: [{role: 'user', author: 'p', parts: [{type: 'text', text: 'hi'}]}]
    }
    const tree = fromMarkdown(toNote(conversation).replace(/^---\n[\s\S]*?\n---\n/, ''))
    const headings = tree.children.filter((node) => node.type === 'heading')
    assert.equal(textOf(headings[0]), title.trim(), `title ${JSON.stringify(title)}`)
    assert.equal(textOf(headings[1]), title, `speaker ${JSON.stringify(title)}`)
  }
})

test('tool names and descriptions read back as written', () => {
  for (const text of samples) {
    const conversation: Conversation = {
      id: 'x',
      source: {format: 'test'},
      participants: [],
      metadata: {},
      fidelity: {},
      turns: [{role: 'assistant', parts: [{type: 'tool-call', text, name: text.trim(), input: {}}]}]
    }
    const tree = fromMarkdown(toNote(conversation).replace(/^---\n[\s\S]*?\n---\n/, ''))
    const line = tree.children.find((node) => node.type === 'paragraph')
    assert.ok(line?.type === 'paragraph')
    const code = line.children.find((node) => node.type === 'inlineCode')
    assert.equal(code?.type === 'inlineCode' && code.value, text.trim(), `name ${JSON.stringify(text)}`)
    const emphasis = line.children.find((node) => node.type === 'emphasis')
    if (emphasis) assert.equal(textOf(emphasis), text, `description ${JSON.stringify(text)}`)
  }
})
