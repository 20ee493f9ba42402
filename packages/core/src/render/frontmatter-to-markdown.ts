import type {Heading, Parents} from 'mdast'
import type {Handle} from 'mdast-util-to-markdown'
import {toString as textOf} from 'mdast-util-to-string'
import {frontmatterYaml, parentLinkKey, withNoteLinks} from './frontmatter.js'
import type {ChatmarkFrontmatter} from './mdast-nodes.js'
import type {RenderOptions} from './render-options.js'

/**
 * The note's frontmatter node as YAML between `---` fences, as
 * remark-frontmatter fences it: its properties, the link to the parent's note
 * in the profile's place (`parentLinkKey`) and the one to the project's note
 * in `project`'s (`withNoteLinks`), and its `title` (with the Obsidian
 * alias that repeats it) the text of the note's title heading as the tree has
 * it when it is written. A remark plugin between reading and writing changes
 * the tree's text (remark-gemoji turns a title's `:rocket:` into 🚀 in the
 * heading) but not the properties: without this the frontmatter would keep a
 * title the heading no longer shows. A tree nobody changed is written as it was built.
 */
export function frontmatterHandler(profile: RenderOptions['profile']): Handle {
  return (node: ChatmarkFrontmatter, parent: Parents | undefined) => {
    const properties = retitled(node, parent) ?? node.properties
    const linked = withNoteLinks(properties, node, profile)
    const value = node.parent === undefined ? frontmatterYaml(linked) : frontmatterYaml(linked, parentLinkKey(profile))
    return `---${value ? `\n${value}` : ''}\n---`
  }
}

/** The properties with the title heading's text as their title; `undefined` when that is what they say. */
function retitled(node: ChatmarkFrontmatter, parent: Parents | undefined): Record<string, unknown> | undefined {
  if (!parent) return undefined
  const heading = parent.children.find(
    (child): child is Heading => child.type === 'heading' && child.data?.chatmarkTitle === true
  )
  if (!heading) return undefined
  const {properties} = node
  const title = properties['title']
  const shown = textOf(heading)
  // A plugin that emptied the heading did not mean to take the note's title away.
  if (shown === title || shown.trim() === '') return undefined
  const aliases = properties['aliases']
  // The spread keeps every key where it was: only the values change.
  return {
    ...properties,
    title: shown,
    ...(Array.isArray(aliases) ? {aliases: aliases.map((alias) => (alias === title ? shown : alias))} : {})
  }
}
