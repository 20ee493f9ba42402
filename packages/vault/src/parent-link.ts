import type {ChatmarkFrontmatter, Conversation, RenderOptions} from '@chatmark/core'
import {frontmatterYaml, treeToMarkdown} from '@chatmark/core'
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

/** The links a vault puts in a note's frontmatter: to its parent's note, and (Obsidian) to its project's index note. */
export interface NoteLinks {
  parent?: string | undefined
  project?: string | undefined
}

/**
 * `text`, a note chatmark rendered whose frontmatter node is `frontmatter`
 * with the links `from` (none, as a worker renders it), rendered again with
 * the links `to` (`RenderOptions.parent` and `project`): the node is written
 * anew by the note writer of `profile`, which puts each link in its place
 * (`parent` under Obsidian, else `parent_note`; `project` under Obsidian),
 * and the rest of the note, which the links do not change, is kept as it was
 * written (the thread that places notes has no conversation to render it
 * from: they are read and rendered in workers, often before the parent's note
 * is placed). `undefined` when `text` does not start with the node as the
 * writer writes it.
 */
export function linkedNote(
  text: string,
  frontmatter: ChatmarkFrontmatter,
  from: NoteLinks,
  to: NoteLinks,
  profile: RenderOptions['profile']
): string | undefined {
  const written = treeToMarkdown({type: 'root', children: [withLinks(frontmatter, from)]}, profile)
  if (!text.startsWith(written)) return undefined
  const linked = treeToMarkdown({type: 'root', children: [withLinks(frontmatter, to)]}, profile)
  return `${linked}${text.slice(written.length)}`
}

function withLinks(frontmatter: ChatmarkFrontmatter, links: NoteLinks): ChatmarkFrontmatter {
  const {parent: _parent, project: _project, ...node} = frontmatter
  return {
    ...node,
    ...(links.parent === undefined ? {} : {parent: links.parent}),
    ...(links.project === undefined ? {} : {project: links.project})
  }
}

/**
 * `text`, a note chatmark wrote with the Obsidian `project` property `from`
 * (a link to the project's index note), with `to` there instead: the one line
 * of the frontmatter that holds the property, as the note writer writes it
 * (`frontmatterYaml`), is replaced, and nothing else. For a note placed in an
 * earlier run, whose frontmatter node is gone (see {@link linkedNote}), when
 * its project's index note got another name or place. `undefined` when the
 * frontmatter has no such line.
 */
export function relinkedProject(text: string, from: string, to: string): string | undefined {
  const end = text.startsWith('---\n') ? text.indexOf('\n---', 3) : -1
  if (end < 0) return undefined
  const line = `\n${frontmatterYaml({project: from})}\n`
  const at = text.indexOf(line, 3)
  if (at < 0 || at >= end) return undefined
  return `${text.slice(0, at)}\n${frontmatterYaml({project: to})}\n${text.slice(at + line.length)}`
}
