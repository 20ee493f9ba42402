import {conversationTitle} from '../model/conversation-title.js'
import type {Conversation} from '../model/model.js'
import {frontmatterOf} from './frontmatter.js'
import type {ChatmarkFrontmatter} from './mdast-nodes.js'
import type {RenderOptions} from './render-options.js'

/**
 * The note's frontmatter node (see {@link ChatmarkFrontmatter}): the
 * properties of the render options' profile (`frontmatterOf`), and the link
 * to the parent's note when the options give one (`parent`) and the
 * conversation has a parent, and, with the obsidian profile, to its
 * project's note (`project`) when it has a project.
 */
export function frontmatterNode(
  conversation: Conversation,
  options: RenderOptions = {},
  title: string = conversationTitle(conversation)
): ChatmarkFrontmatter {
  const properties = frontmatterOf(conversation, title, options)
  const {parent, project} = options
  const node: ChatmarkFrontmatter = {type: 'chatmarkFrontmatter', properties}
  if (parent !== undefined && conversation.metadata.parent) node.parent = parent
  if (project !== undefined && conversation.metadata.project && options.profile === 'obsidian') node.project = project
  return node
}
