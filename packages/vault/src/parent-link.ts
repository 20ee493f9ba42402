import type {Conversation} from '@chatmark/core'
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
 * `text` (a note chatmark rendered) with a link to its parent's note in its
 * frontmatter: under Obsidian the `parent` property (the parent's id, as the
 * renderer writes it) becomes the link, so it can be clicked; otherwise, where
 * `parent` is a mapping of the id and the relation, a `parent_note` property
 * with the link's path is added beside it.
 */
export function withParentProperty(text: string, link: string, wikilinks: boolean): string {
  const end = text.indexOf('\n---\n', 3)
  if (!text.startsWith('---\n') || end === -1) return text
  const key = wikilinks ? 'parent' : 'parent_note'
  const line = `${key}: ${JSON.stringify(link)}`
  const frontmatter = text.slice(0, end)
  const existing = new RegExp(`^${key}: .*$`, 'm')
  const linked = existing.test(frontmatter) ? frontmatter.replace(existing, () => line) : `${frontmatter}\n${line}`
  return `${linked}${text.slice(end)}`
}
