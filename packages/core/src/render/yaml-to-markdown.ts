import type {Heading, Parents, Yaml} from 'mdast'
import type {Handle} from 'mdast-util-to-markdown'
import {toString as textOf} from 'mdast-util-to-string'
import {frontmatterYaml} from './frontmatter.js'

/**
 * The note's frontmatter, fenced as remark-frontmatter writes it, with its
 * `title` (and the Obsidian alias that repeats it) made the text of the
 * note's title heading as the tree has it when it is written. A remark plugin
 * between reading and writing changes the tree's text (remark-gemoji turns a
 * title's `:rocket:` into 🚀 in the heading) but not the YAML, which is one
 * string to it: without this the frontmatter would keep a title the heading
 * no longer shows. A tree nobody changed is written as it was built.
 */
export const yamlHandler: Handle = (node: Yaml, parent: Parents | undefined) => {
  const value = retitledYaml(node, parent) ?? node.value
  return `---${value ? `\n${value}` : ''}\n---`
}

/** The frontmatter again with the title heading's text as its title; `undefined` when that is what it says. */
function retitledYaml(node: Yaml, parent: Parents | undefined): string | undefined {
  const data = node.data?.chatmarkFrontmatter
  if (!data || !parent) return undefined
  const heading = parent.children.find(
    (child): child is Heading => child.type === 'heading' && child.data?.chatmarkTitle === true
  )
  if (!heading) return undefined
  const title = data['title']
  const shown = textOf(heading)
  // A plugin that emptied the heading did not mean to take the note's title away.
  if (shown === title || shown.trim() === '') return undefined
  const aliases = data['aliases']
  // The spread keeps every key where it was: only the values change.
  return frontmatterYaml({
    ...data,
    title: shown,
    ...(Array.isArray(aliases) ? {aliases: aliases.map((alias) => (alias === title ? shown : alias))} : {})
  })
}
