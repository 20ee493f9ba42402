import assert from 'node:assert/strict'
import type {Nodes, Root} from 'mdast'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkStringify from 'remark-stringify'
import {unified} from 'unified'
import {test} from 'vitest'
import type {RenderOptions} from '@chatmark/core'
import {conversationToMdast, remarkChatmark, toNote} from '@chatmark/core'
import {conversation} from './helpers.js'

// The title derived from `Ship it :rocket:` (the first user message), as the plaintext reader would give it.
const shipIt = conversation('plaintext', 'ship-it', 'Ship it :rocket:')

/** A remark plugin that does what remark-gemoji does to the text of a tree: `:rocket:` becomes 🚀. */
function rocketEmoji() {
  return (tree: Root): undefined => {
    const walk = (node: Nodes): void => {
      if (node.type === 'text') node.value = node.value.replaceAll(':rocket:', '🚀')
      if ('children' in node) for (const child of node.children) walk(child)
    }
    walk(tree)
  }
}

/** The note of `shipIt` through a unified pipeline with `plugin` between building the tree and writing it. */
async function noteThrough(plugin: () => (tree: Root) => undefined, options: RenderOptions = {}): Promise<string> {
  const processor = unified()
    .use(remarkGfm)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkChatmark, {profile: options.profile})
    .use(plugin)
    .use(remarkStringify)
  const tree = (await processor.run(conversationToMdast(shipIt, options))) as Root
  return processor.stringify(tree)
}

test('a plugin that changes the title heading changes the frontmatter title with it', async () => {
  const note = await noteThrough(rocketEmoji)
  assert.match(
    note,
    /^---\ntitle: Ship it 🚀\nsource:\n {2}format: plaintext\nid: ship-it\nturns: 1\n---\n\n# Ship it 🚀\n/
  )
  // The message itself is the plugin's business: its text is a verbatim literal here, so it keeps the shortcode.
  assert.match(note, /\n## User\n\nShip it :rocket:\n$/)
})

test('with the obsidian profile the alias that repeats the title follows the heading too', async () => {
  const note = await noteThrough(rocketEmoji, {profile: 'obsidian'})
  assert.match(note, /^---\ntitle: Ship it 🚀\naliases:\n {2}- Ship it 🚀\ntags:\n/)
  assert.doesNotMatch(note.slice(0, note.indexOf('\n# ')), /:rocket:/)
})

test('an unchanged tree is written exactly as the note writer writes it', async () => {
  const unchanged = () => (): undefined => undefined
  for (const profile of ['gfm', 'obsidian'] as const) {
    const note = await noteThrough(unchanged, {profile})
    assert.equal(note, toNote(shipIt, {profile}))
    assert.match(note, /^---\ntitle: "Ship it :rocket:"\n/)
  }
})

test('a plugin that empties the title heading leaves the frontmatter title as it was', async () => {
  const emptied =
    () =>
    (tree: Root): undefined => {
      const heading = tree.children.find((node) => node.type === 'heading')
      if (heading) heading.children = []
    }
  assert.match(await noteThrough(emptied), /^---\ntitle: "Ship it :rocket:"\n/)
})

test('a heading of a plugin’s own in place of the title heading leaves the frontmatter title as it was', async () => {
  const replaced =
    () =>
    (tree: Root): undefined => {
      const index = tree.children.findIndex((node) => node.type === 'heading')
      tree.children[index] = {type: 'heading', depth: 1, children: [{type: 'text', value: 'Something else'}]}
    }
  const note = await noteThrough(replaced)
  assert.match(note, /^---\ntitle: "Ship it :rocket:"\n[\s\S]*\n---\n\n# Something else\n/)
})
