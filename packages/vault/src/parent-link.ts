import type {Conversation} from '@chatmark/core'
import type {NoteRecord} from './vault-state.js'
import {wikilink} from './wikilink.js'

/**
 * The id of the session a conversation was forked or resumed from, as the
 * readers record it in `metadata.extra`: Codex `forked_from`, Qwen Code
 * `forkedFrom`, OpenCode `parentSession`.
 */
export function parentIdOf(conversation: Conversation): string | undefined {
  const extra = conversation.metadata.extra ?? {}
  for (const key of ['forked_from', 'forkedFrom', 'parentSession']) {
    const value = extra[key]
    if (typeof value === 'string' && value !== '' && value !== conversation.id) return value
  }
  return undefined
}

/** The `parent` property of a note: a wikilink to the parent's note under Obsidian, else its path from the note. */
export function parentLink(parent: NoteRecord, from: string, wikilinks: boolean): string {
  if (wikilinks) return wikilink(parent.path, parent.title)
  const depth = from.split('/').length - 1
  return `${'../'.repeat(depth)}${parent.path}`
}

/** `text` (a note chatmark wrote) with a `parent` property added at the end of its frontmatter. */
export function withParentProperty(text: string, link: string): string {
  const end = text.indexOf('\n---\n', 3)
  if (!text.startsWith('---\n') || end === -1) return text
  return `${text.slice(0, end)}\nparent: ${JSON.stringify(link)}${text.slice(end)}`
}
