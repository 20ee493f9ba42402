import assert from 'node:assert/strict'
import type {Root} from 'mdast'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkStringify from 'remark-stringify'
import {unified} from 'unified'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {conversationToMdast, remarkChatmark, toNote} from '@chatmark/core'
import {parse} from 'yaml'
import {conversation} from './helpers.js'

const fork: Conversation = {
  ...conversation('codex', 'fork-1', 'Carry on'),
  metadata: {parent: {id: 'parent-1', relation: 'fork'}},
  fidelity: {'malformed-line': 1}
}

/** The frontmatter of a note: its text between the fences. */
function frontmatterText(note: string): string {
  return note.slice(4, note.indexOf('\n---\n', 4))
}

test('the tree starts with the note’s properties as data, which the writer writes', () => {
  const [first] = conversationToMdast(fork, {profile: 'obsidian', tool: 'codex'}).children
  assert.equal(first?.type, 'chatmarkFrontmatter')
  assert.equal(first.type === 'chatmarkFrontmatter' && first.properties['parent_relation'], 'fork')
  assert.equal(first.type === 'chatmarkFrontmatter' && first.parent, undefined)
})

test('a plugin that changes the properties changes the frontmatter the note is written with', async () => {
  const addTag = () => (tree: Root) => {
    const [first] = tree.children
    if (first?.type === 'chatmarkFrontmatter') first.properties['tags'] = ['chatmark', 'codex', 'reviewed']
  }
  const processor = unified()
    .use(remarkGfm)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkChatmark, {profile: 'obsidian'})
    .use(addTag)
    .use(remarkStringify)
  const note = processor.stringify((await processor.run(conversationToMdast(fork, {profile: 'obsidian'}))) as Root)
  assert.deepEqual(parse(frontmatterText(note))['tags'], ['chatmark', 'codex', 'reviewed'])
})

test('with obsidian, the parent’s link takes the place of its id, quoted as a vault’s links are', () => {
  const link = '[[codex/2026-11/2026-11-30 The "parent"|The "parent"]]'
  const plain = frontmatterText(toNote(fork, {profile: 'obsidian'}))
  const linked = frontmatterText(toNote(fork, {profile: 'obsidian', parent: link}))
  assert.equal(linked, plain.replace('parent: parent-1\n', `parent: ${JSON.stringify(link)}\n`))
  assert.equal(parse(linked)['parent'], link)
  // Frontmatter `yaml` writes (a property over two lines) gets the link the same way.
  const long = {...fork, metadata: {...fork.metadata, extra: {note: 'two\nlines'}}}
  const yamlWritten = frontmatterText(toNote(long, {profile: 'obsidian'}))
  assert.match(yamlWritten, /\nnote: \|-\n {2}two\n {2}lines\n/)
  assert.equal(
    frontmatterText(toNote(long, {profile: 'obsidian', parent: link})),
    yamlWritten.replace('parent: parent-1\n', `parent: ${JSON.stringify(link)}\n`)
  )
})

test('with gfm, the parent note’s path is a property of its own, last', () => {
  const link = '../2026-10/2026-10-01 Parent.md'
  const plain = frontmatterText(toNote(fork))
  const linked = frontmatterText(toNote(fork, {parent: link}))
  assert.equal(linked, `${plain}\nparent_note: ${JSON.stringify(link)}`)
  // Frontmatter `yaml` writes (a property over two lines) gets the link the same way.
  const long = {...fork, metadata: {...fork.metadata, extra: {note: 'two\nlines'}}}
  const yamlWritten = frontmatterText(toNote(long, {parent: link}))
  assert.match(yamlWritten, /\nnote: \|-\n {2}two\n {2}lines\n/)
  assert.ok(yamlWritten.endsWith(`\nparent_note: ${JSON.stringify(link)}`), yamlWritten)
  // A link to a note whose name holds a character some YAML readers break lines at is escaped, in both ways.
  const odd = '../Parent\u2028notes.md'
  assert.ok(toNote(fork, {parent: odd}).includes('\nparent_note: "../Parent\\u2028notes.md"\n'))
  assert.ok(toNote(long, {parent: odd}).includes('\nparent_note: "../Parent\\u2028notes.md"\n'))
})

test('a conversation with no parent takes no parent’s link', () => {
  const alone = conversation('codex', 'alone', 'Hello')
  assert.equal(toNote(alone, {parent: '../x.md'}), toNote(alone))
  assert.equal(toNote(alone, {profile: 'obsidian', parent: '[[x|x]]'}), toNote(alone, {profile: 'obsidian'}))
})
