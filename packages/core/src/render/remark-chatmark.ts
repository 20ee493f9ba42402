import type {Processor} from 'unified'
import type {ChatmarkToMarkdownOptions} from './chatmark-to-markdown.js'
import {chatmarkToMarkdown} from './chatmark-to-markdown.js'

/**
 * A remark plugin that teaches remark-stringify chatmark's node types (see
 * {@link chatmarkToMarkdown}), so any unified pipeline can serialise,
 * transform and lint a note's tree. Use it with remark-gfm and
 * remark-frontmatter, which notes need too.
 *
 * @example
 *   const processor = unified().use(remarkGfm).use(remarkFrontmatter).use(remarkChatmark, {profile: 'obsidian'})
 *     .use(remarkStringify)
 *   const markdown = processor.stringify(conversationToMdast(conversation))
 */
export function remarkChatmark(this: Processor, options?: ChatmarkToMarkdownOptions): undefined {
  const data = this.data()
  data.toMarkdownExtensions ??= []
  data.toMarkdownExtensions.push(chatmarkToMarkdown(options))
  return undefined
}
