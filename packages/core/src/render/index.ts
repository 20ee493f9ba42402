/**
 * @packageDocumentation
 * The semantic mdast tree of a conversation, its Markdown spelling (a remark plugin and a to-markdown
 * extension) and the streaming note writer.
 */
export type {AttachmentLink, RemoteContent, RenderOptions, ResolvedRenderOptions} from './render-options.js'
export {pageBreak, pageFileName, resolveRenderOptions} from './render-options.js'
export type {
  ChatmarkAttachment,
  ChatmarkBranch,
  ChatmarkFold,
  ChatmarkFrontmatter,
  ChatmarkMessage,
  ChatmarkNotice,
  ChatmarkToolCall,
  ChatmarkTurn,
  Flow,
  FoldKind,
  TurnLevel
} from './mdast-nodes.js'
export type {ChatmarkToMarkdownOptions} from './chatmark-to-markdown.js'
export {chatmarkToMarkdown} from './chatmark-to-markdown.js'
export {remarkChatmark} from './remark-chatmark.js'
export type {MarkdownProcessor} from './markdown-processor.js'
export {markdownProcessor} from './markdown-processor.js'
export {containMarkdown} from './contain-markdown.js'
export {conversationMdastNodes, conversationToMdast, turnDepth} from './conversation-to-mdast.js'
export {frontmatterOf, frontmatterYaml, withNoteLinks, withParentLink} from './frontmatter.js'
export {projectLink, projectNoteName} from './project-link.js'
export {snakeCase} from './snake-case.js'
export {frontmatterNode} from './frontmatter-node.js'
export {frontmatterTags} from './frontmatter-tags.js'
export {isFrontmatterTime} from './frontmatter-time.js'
export {noteChunks, toNote, treeToMarkdown, treeToMarkdownChunks} from './note-chunks.js'
export type {Truncated} from './truncate-middle.js'
export {countCodePoints, truncateMiddle} from './truncate-middle.js'
export {branchLines} from './branch-lines.js'
export type {NoticeWords} from './notice-words.js'
export {noticeWords} from './notice-words.js'
export {isImageFile} from './attachment-to-markdown.js'
export {loadEveryRenderModule, loadRenderModules} from './render-modules.js'
export type {ParsedMessage} from './parse-message.js'
export {loadMessageParser, maxParsedDepth, notParsedText, parseMessage} from './parse-message.js'
export type {ParseBudget, ParseCost} from './parse-budget.js'
export {overParseBudget, parseBudget, parseCost} from './parse-budget.js'
export {toolCallSummary} from './tool-call-summary.js'
export {jsonText} from './json-text.js'
