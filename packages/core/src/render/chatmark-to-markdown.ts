import type {Blockquote, Heading, Nodes, Paragraph, Text} from 'mdast'
import type {Handle, Join, Options, Unsafe} from 'mdast-util-to-markdown'
import {defaultHandlers} from 'mdast-util-to-markdown'
import {attachmentHandler} from './attachment-to-markdown.js'
import {branchLines} from './branch-lines.js'
import {frontmatterHandler} from './frontmatter-to-markdown.js'
import type {
  ChatmarkBranch,
  ChatmarkFold,
  ChatmarkMessage,
  ChatmarkNotice,
  ChatmarkToolCall,
  ChatmarkTurn
} from './mdast-nodes.js'
import {messageMarkdown} from './message-markdown.js'
import {isInertText, plainPhrasing} from './plain-phrasing.js'
import {htmlHandler, imageHandler, imageReferenceHandler} from './remote-content-handlers.js'
import type {RenderOptions} from './render-options.js'

/** Options of {@link chatmarkToMarkdown}. */
export interface ChatmarkToMarkdownOptions {
  /**
   * How folds are spelled: `gfm` (default) as `<details>`, `obsidian` as
   * folded callouts (`> [!quote]- Thinking`); where the link to the parent's
   * note goes in the frontmatter (`parentLinkKey`). With `obsidian`, text is also
   * kept from making Obsidian tags, comments, highlights, math and wikilinks,
   * and message text has its LaTeX delimiters written as dollar signs (see
   * `obsidianMarkdown`).
   */
  profile?: RenderOptions['profile']
}

const alertMarkers: Record<ChatmarkNotice['level'], string> = {
  info: '[!NOTE]',
  warning: '[!WARNING]',
  error: '[!CAUTION]'
}

/**
 * chatmark's extension to mdast-util-to-markdown: handlers for its node types
 * (the frontmatter, its title kept the title heading's and the parent's link
 * in the profile's place: see `frontmatterHandler`; turns, message text,
 * folds, notices, branches), the note's spelling (`-` bullets, `_` emphasis,
 * fenced code), a join rule and, for Obsidian, unsafe patterns. Use it with
 * `toMarkdown(tree, {extensions: [...]})`, after `frontmatterToMarkdown`
 * (whose unsafe patterns keep a line of text from reading as a fence), or
 * through `remarkChatmark` in a unified pipeline.
 *
 * @example
 *   toMarkdown(conversationToMdast(conversation), {
 *     extensions: [gfmToMarkdown(), frontmatterToMarkdown(['yaml']), chatmarkToMarkdown({profile: 'obsidian'})]
 *   })
 */
export function chatmarkToMarkdown(options: ChatmarkToMarkdownOptions = {}): Options {
  const obsidian = options.profile === 'obsidian'
  return {
    bullet: '-',
    emphasis: '_',
    rule: '-',
    fences: true,
    handlers: {
      chatmarkMessage: obsidian ? obsidianMessage : chatmarkMessage,
      chatmarkAttachment: attachmentHandler(obsidian),
      chatmarkTurn,
      chatmarkToolCall,
      chatmarkFold: obsidian ? calloutFold : detailsFold,
      chatmarkNotice,
      chatmarkBranch,
      text,
      paragraph,
      heading,
      chatmarkFrontmatter: frontmatterHandler(options.profile),
      image: imageHandler,
      imageReference: imageReferenceHandler,
      html: htmlHandler
    },
    join: [separateMessages],
    unsafe: obsidian ? obsidianUnsafe : []
  }
}

/** Message text: without what loads, contained (see `messageMarkdown`), never escaped or re-printed. */
const chatmarkMessage: Handle = (node: ChatmarkMessage) =>
  messageMarkdown(node.value, node.depth, 'gfm', node.remoteContent)

/** Message text for Obsidian: as for gfm, then its LaTeX and Obsidian syntax settled (see `obsidianMarkdown`). */
const obsidianMessage: Handle = (node: ChatmarkMessage) =>
  messageMarkdown(node.value, node.depth, 'obsidian', node.remoteContent)

/** A turn is its children; only HTML marks the section. */
const chatmarkTurn: Handle = (node: ChatmarkTurn, _, state, info) => state.containerFlow(node, info)

/** A tool call is its lines (the label, the input, the result), as the turn's own: a note is read top to bottom. */
const chatmarkToolCall: Handle = (node: ChatmarkToolCall, _, state, info) => state.containerFlow(node, info)

/** `<details>` with the fold's title as its summary, for GitHub and most renderers. */
const detailsFold: Handle = (node: ChatmarkFold, parent, state, info) => {
  // Message text that holds `</details>` would close the fold early, and `<details>` or `<summary>` open a fold
  // inside it that takes the fold's own closing tag (it is Markdown source, so its HTML is live). OpenCode, Continue
  // and Claude Code write `<summary>` tags in their compaction summaries. Such a fold is a block quote under a bold
  // title instead, which nothing in the text can end or open.
  if (holdsDetailsTag(node)) {
    const title: Paragraph = {
      type: 'paragraph',
      children: [{type: 'strong', children: [{type: 'text', value: node.title}]}]
    }
    return state.handle({type: 'blockquote', children: [title, ...node.children]}, parent, state, info)
  }
  const summary = node.title.replace(/[&<>]/g, (character) => `&#x${character.charCodeAt(0).toString(16)};`)
  return `<details>\n<summary>${summary}</summary>\n\n${state.containerFlow(node, info)}\n\n</details>`
}

/** A tag that opens or closes a fold, or its summary: `<details`, `</summary`, any case. */
const foldTag = /<\/?(?:details|summary)(?![A-Za-z0-9-])/i

/** Whether message text anywhere in a node holds a tag of a fold (see `foldTag`). */
function holdsDetailsTag(node: Nodes): boolean {
  // `includes` first: a case-insensitive search walks every character of a long thought, and most have no `<`.
  if (node.type === 'chatmarkMessage') return node.value.includes('<') && foldTag.test(node.value)
  return 'children' in node && node.children.some((child) => holdsDetailsTag(child))
}

/** A callout folded by default (`> [!quote]- Title`), which Obsidian shows closed. */
const calloutFold: Handle = (node: ChatmarkFold, parent, state, info) =>
  state.handle(calloutOf(`[!quote]- ${node.title}`, [], node.children), parent, state, info)

/** An alert: `> [!NOTE]` and the notice's text below it. */
const chatmarkNotice: Handle = (node: ChatmarkNotice, parent, state, info) =>
  state.handle(calloutOf(alertMarkers[node.level], node.children, []), parent, state, info)

/** A branch's turns, between a notice that introduces the branch and one that ends it. */
const chatmarkBranch: Handle = (node: ChatmarkBranch, _, state, info) => {
  const {open, close} = branchLines(node)
  const notice = (value: string): ChatmarkNotice => ({
    type: 'chatmarkNotice',
    level: 'info',
    children: [{type: 'text', value}]
  })
  return state.containerFlow({...node, children: [notice(open), ...node.children, notice(close)]}, info)
}

/**
 * A block quote whose first line is `marker` (written as is) followed by
 * `phrasing` on the next line, then `flow`.
 */
function calloutOf(marker: string, phrasing: ChatmarkNotice['children'], flow: ChatmarkFold['children']): Blockquote {
  const [first, ...rest] = phrasing
  // One text node holds the line break and the first text, so the text is
  // escaped as the start of a line.
  const head =
    first?.type === 'text'
      ? [{type: 'text', value: `\n${first.value}`} satisfies Text, ...rest]
      : phrasing.length > 0
        ? [{type: 'text', value: '\n'} satisfies Text, ...phrasing]
        : []
  return {
    type: 'blockquote',
    children: [{type: 'paragraph', children: [{type: 'html', value: marker}, ...head]}, ...flow]
  }
}

/**
 * Text as the default handler writes it, with a fast path for short inert
 * text inside a line (see `isInertText`): it needs no escaping, and the
 * escaping pass runs dozens of patterns per node. Line endings become `\n`, as
 * in message text and code: a note holds no bare `\r`.
 */
const text: Handle = (node: Text, parent, state, info) => {
  const trimmed = withoutLineEndBlanks(node.value, info.after)
  if (isInertText(trimmed, info.before, info.after)) return trimmed
  const value = trimmed.includes('\r') ? trimmed.replace(/\r\n?/g, '\n') : trimmed
  return defaultHandlers.text(value === node.value ? node : {...node, value}, parent, state, info)
}

/**
 * Text without the spaces and tabs before its line endings, and at its end
 * when a line ending or the end of the note follows: the serialiser would
 * write each as a character reference (`&#x20;`), so that it makes no hard
 * break; a reader sees only noise. In mdast a hard break is a `break` node,
 * never spaces in text, so nothing is lost.
 */
function withoutLineEndBlanks(value: string, after: string): string {
  const inner = value.includes(' \n') || value.includes('\t\n') || value.includes(' \r') || value.includes('\t\r')
  const lines = inner ? value.replace(/[ \t]+(?=\r|\n)/g, '') : value
  return after === '\n' || after === '' ? lines.replace(/[ \t]+$/, '') : lines
}

/** A paragraph of plain pieces written directly (see `plainPhrasing`), else as the default handler writes it. */
const paragraph: Handle = (node: Paragraph, parent, state, info) =>
  plainPhrasing(node.children, '\n', state.options.emphasis ?? '*', state.options.strong ?? '*') ??
  defaultHandlers.paragraph(node, parent, state, info)

/**
 * An ATX heading: of plain pieces written directly (see `plainPhrasing`), else
 * as the default handler writes it. The default handler writes a heading of
 * depth 1 or 2 whose text holds a line ending as a setext heading, which
 * parsers misread (a last line ending, `\r`, gets an empty underline and the
 * heading is lost; a line of `-` in the text underlines the line above it):
 * such a heading is written as at depth 3, one ATX line with its line endings
 * as character references, and given its own sequence.
 */
const heading: Handle = (node: Heading, parent, state, info) => {
  if (state.options.setext || state.options.closeAtx) return defaultHandlers.heading(node, parent, state, info)
  const sequence = '#'.repeat(node.depth)
  const plain = plainPhrasing(node.children, `${sequence} `, state.options.emphasis ?? '*', state.options.strong ?? '*')
  if (plain) return `${sequence} ${plain}`
  if (node.depth >= 3) return defaultHandlers.heading(node, parent, state, info)
  return sequence + defaultHandlers.heading({...node, depth: 3}, parent, state, info).slice(3)
}

/**
 * Obsidian reads `#word` anywhere as a tag, `%%` as the start of a hidden
 * comment, `==` as a highlight and `$` as the start of math: in text, their
 * first character is escaped (`[[` needs nothing: every `[` in text is).
 */
const obsidianUnsafe: Unsafe[] = [
  {character: '#', after: '[A-Za-z_/-]', inConstruct: 'phrasing'},
  {character: '%', after: '%', inConstruct: 'phrasing'},
  {character: '=', after: '=', inConstruct: 'phrasing'},
  {
    character: '$',
    inConstruct: 'phrasing',
    notInConstruct: ['autolink', 'destinationLiteral', 'destinationRaw', 'reference', 'titleQuote', 'titleApostrophe']
  }
]

/**
 * Two message texts in a row (two text parts of one turn) stay apart: when
 * the first ends in a list and the second starts indented or with a list
 * marker, a blank line would merge them into one list, so a comment
 * separates them (`false` asks the serialiser for one).
 */
const separateMessages: Join = (left, right): boolean | undefined => {
  if (left.type !== 'chatmarkMessage' || right.type !== 'chatmarkMessage') return undefined
  const end = left.value.trimEnd()
  const lastLine = end.slice(end.lastIndexOf('\n') + 1)
  const listEnd = /^\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)/.test(lastLine) || /^\s/.test(lastLine)
  const continues = /^(?:\s|[-*+]\s|\d{1,9}[.)]\s)/.test(right.value)
  return listEnd && continues ? false : undefined
}
