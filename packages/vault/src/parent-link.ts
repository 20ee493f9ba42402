import type {ChatmarkFrontmatter, Conversation, RenderOptions} from '@chatmark/core'
import {treeToMarkdown} from '@chatmark/core'
import type {NoteRecord} from './vault-state.js'
import {wikilink} from './wikilink.js'

/**
 * The id of the session a conversation was forked, resumed or spawned from:
 * `metadata.parent.id`, as the readers set it (Claude Code, Codex, Qwen Code,
 * OpenCode, Gemini CLI); `undefined` when it names none, or itself.
 */
export function parentIdOf(conversation: Conversation): string | undefined {
  const id = conversation.metadata.parent?.id
  return id !== undefined && id !== '' && id !== conversation.id ? id : undefined
}

/** The `parent` property of a note: a wikilink to the parent's note under Obsidian, else its path from the note. */
export function parentLink(parent: NoteRecord, from: string, wikilinks: boolean): string {
  if (wikilinks) return wikilink(parent.path, parent.title)
  const depth = from.split('/').length - 1
  return `${'../'.repeat(depth)}${parent.path}`
}

/**
 * `text`, a note chatmark rendered whose frontmatter node is `frontmatter`,
 * rendered again with `link` as its parent's note (`RenderOptions.parent`):
 * the node is written anew by the note writer of `profile`, which puts the
 * link in its place (`parent` under Obsidian, else `parent_note`), and the
 * rest of the note, which the link does not change, is kept as it was written
 * (the thread that places notes has no conversation to render it from: they
 * are read and rendered in workers, often before the parent's note is
 * placed). `undefined` when `text` does not start with the node as the writer
 * writes it.
 */
export function linkedToParent(
  text: string,
  frontmatter: ChatmarkFrontmatter,
  link: string,
  profile: RenderOptions['profile']
): string | undefined {
  const written = treeToMarkdown({type: 'root', children: [frontmatter]}, profile)
  if (!text.startsWith(written)) return undefined
  const linked = treeToMarkdown({type: 'root', children: [{...frontmatter, parent: link}]}, profile)
  return `${linked}${text.slice(written.length)}`
}
