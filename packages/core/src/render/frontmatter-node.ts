import {conversationTitle} from '../model/conversation-title.js'
import type {Conversation} from '../model/model.js'
import {frontmatterOf} from './frontmatter.js'
import type {ChatmarkFrontmatter} from './mdast-nodes.js'
import type {RenderOptions} from './render-options.js'

/**
 * The note's frontmatter node (see {@link ChatmarkFrontmatter}): the
 * properties of the render options' profile (`frontmatterOf`), and the link
 * to the parent's note when the options give one (`parent`) and the
 * conversation has a parent.
 */
export function frontmatterNode(
  conversation: Conversation,
  options: RenderOptions = {},
  title: string = conversationTitle(conversation)
): ChatmarkFrontmatter {
  const properties = frontmatterOf(conversation, title, options)
  const {parent} = options
  return parent !== undefined && conversation.metadata.parent
    ? {type: 'chatmarkFrontmatter', properties, parent}
    : {type: 'chatmarkFrontmatter', properties}
}
