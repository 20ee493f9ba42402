import type {ChatmarkFrontmatter, Conversation, Input, RenderOptions} from '@chatmark/core'
import {attachmentsOf, conversationTitle, frontmatterNode, markdownWriter} from '@chatmark/core'
import {sha256Of} from './base-texts.js'
import {defaultTemplate, notePath} from './note-path.js'
import {parentIdOf} from './parent-link.js'
import type {AttachmentFile} from './vault-attachments.js'
import {noteAttachments} from './vault-attachments.js'

/**
 * A conversation made ready for the vault: its note rendered, with the facts
 * the vault keeps of it. Plain data, so a worker thread can make it and the
 * thread that places notes take it without the conversation.
 */
export interface PreparedNote {
  id: string
  title: string
  /** The folder of its tool (`claude-code`). */
  tool: string
  turns: number
  createdAt?: string
  updatedAt?: string
  project?: string
  /** The conversation it was forked or resumed from. */
  parentId?: string
  /**
   * Its frontmatter node, when it has a parent, or a project under the
   * Obsidian profile: the note is rendered again with it once its parent's
   * note is known, and with the link to its project's index note (see `linkedNote`).
   */
  frontmatter?: ChatmarkFrontmatter
  /** Where the template puts it, relative to the vault. */
  target: string
  /** The note as chatmark renders it, attachments linked; absent once staged. */
  text?: string
  /** The file the text was staged to (see `stageNote`): the text, for the thread that places it to read or link. */
  staged?: string
  /** Its base text, gzipped, staged beside it (absent when `.chatmark/base/` holds it already). */
  stagedBase?: string
  sha256: string
  /** The attachment files it links to. */
  attachments: AttachmentFile[]
}

/** How notes are prepared: the same in a worker thread and in the thread that places them. */
export interface PrepareOptions {
  /** Where notes go ({@link defaultTemplate}). */
  template?: string
  render: RenderOptions
  /**
   * Where the person put notes of some conversations, by id: a note's
   * relative links start from there (the gfm profile), not from the
   * template's place.
   */
  placedByUser?: Readonly<Record<string, string>>
}

/**
 * Renders a conversation's note and gathers its attachments (read from
 * `input`, opened only when the conversation has some). `source.tool` is the
 * slug of the tool whose folder the source was found in (Qwen Code keeps files
 * of Gemini CLI's format), else of the format's tool (`toolOf`): the note's
 * folder is named after it; `source.modified` is when the source file last
 * changed. `options.render.tool` tags the note.
 */
export async function prepareNote(
  conversation: Conversation,
  options: PrepareOptions,
  input: () => Promise<Input | undefined>,
  source: {tool: string; modified?: string}
): Promise<PreparedNote> {
  const folder = source.tool
  // A conversation its source gives no time (Continue CLI's sessions hold none) is placed by when its file last
  // changed, not in an `undated` folder; its note still says no more than the source does.
  const undated = conversation.createdAt === undefined && conversation.updatedAt === undefined
  const placed = undated && source.modified ? {...conversation, updatedAt: source.modified} : conversation
  const target = notePath(placed, folder, options.template ?? defaultTemplate)
  const wikilinks = options.render.profile === 'obsidian'
  const from = options.placedByUser?.[conversation.id] ?? target
  const hasAttachments = attachmentsOf(conversation).next().done === false
  const {links, files} = hasAttachments
    ? await noteAttachments(conversation, await input(), from, wikilinks)
    : {links: new Map(), files: []}
  const render: RenderOptions =
    links.size > 0 ? {...options.render, attachmentLink: (part) => links.get(part)} : options.render
  const text = [...markdownWriter.write(conversation, render)].join('')
  const {metadata} = conversation
  const parentId = parentIdOf(conversation)
  return {
    id: conversation.id,
    title: conversationTitle(conversation),
    tool: folder,
    turns: conversation.turns.length,
    ...(placed.createdAt ? {createdAt: placed.createdAt} : {}),
    ...(placed.updatedAt ? {updatedAt: placed.updatedAt} : {}),
    ...(metadata.project ? {project: metadata.project} : {}),
    ...(parentId === undefined ? {} : {parentId}),
    ...(parentId !== undefined || (metadata.project && wikilinks)
      ? {frontmatter: frontmatterNode(conversation, render)}
      : {}),
    target,
    text,
    sha256: sha256Of(text),
    attachments: files
  }
}
