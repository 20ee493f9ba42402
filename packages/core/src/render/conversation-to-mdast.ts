import type {Heading, Paragraph, PhrasingContent, Root, RootContent} from 'mdast'
import {artifactLine} from './artifact-line.js'
import {attachmentToMdast} from './attachment-to-mdast.js'
import {codeBlock} from './code-block.js'
import {conversationTitle} from '../model/conversation-title.js'
import {safeTitle} from '../model/safe-title.js'
import {fold} from './fold.js'
import {formatTime} from './format-time.js'
import {frontmatterNode} from './frontmatter-node.js'
import {groupDigits} from './group-digits.js'
import type {ChatmarkBranch, ChatmarkNotice, ChatmarkTurn, Flow, TurnLevel} from './mdast-nodes.js'
import {messageToMdast} from './message-to-mdast.js'
import {noticeWords} from './notice-words.js'
import type {BranchPart, Conversation, NoticePart, Part, ThreadReply, TokenCounts, Turn} from '../model/model.js'
import {emphasis, inlineCode, mergeText, strong, text} from './phrasing.js'
import {quoteToMdast} from './quote-to-mdast.js'
import type {RenderOptions, ResolvedRenderOptions} from './render-options.js'
import {resolveRenderOptions} from './render-options.js'
import {toolCallToMdast} from './tool-call-to-mdast.js'
import {withoutAnsi} from './without-ansi.js'

/** Heading depth of a turn section; message headings are pushed below it. */
export const turnDepth = 2

const roleLabels: Record<Turn['role'], string> = {
  user: 'User',
  assistant: 'Assistant',
  system: 'System',
  tool: 'Tool',
  other: 'Other'
}

/** What building the tree needs besides the part at hand. */
interface Context {
  names: ReadonlyMap<string, string>
  options: ResolvedRenderOptions
  /** Whether a heading has named the time zone its times are in (the first heading with a time does). */
  zoneNamed: boolean
}

/**
 * Builds the note's semantic tree: the frontmatter (`chatmarkFrontmatter`, the
 * note's properties as data), a title heading, then a
 * `chatmarkTurn` per turn (a heading and its parts), with turns that hold
 * only notices (but a compaction) as `chatmarkNotice` nodes between them and alternate branches
 * as `chatmarkBranch` nodes where they fork off. The tree says what things
 * are; how they are spelled (a `<details>` fold or an Obsidian callout, Markdown
 * or HTML) is the writer's choice. Serialise it with `remarkChatmark`.
 */
export function conversationToMdast(conversation: Conversation, renderOptions?: RenderOptions): Root {
  const children: RootContent[] = []
  // A loop, not `[...nodes]`: the spread is slower, and a long session has hundreds of thousands of nodes.
  for (const node of conversationMdastNodes(conversation, renderOptions)) children.push(node)
  return {type: 'root', children}
}

/**
 * The children of {@link conversationToMdast}'s root, in order, built a turn at a time as they are asked for: a
 * writer that streams (`noteChunks`) then never holds the whole tree of a long session, only the turns it is
 * serialising.
 */
export function* conversationMdastNodes(
  conversation: Conversation,
  renderOptions?: RenderOptions
): Generator<RootContent> {
  const options = resolveRenderOptions(renderOptions)
  const context: Context = {
    names: new Map(conversation.participants.map((participant) => [participant.id, participant.name])),
    options,
    zoneNamed: false
  }
  const title = conversationTitle(conversation)
  // The title heading is marked, so the writer can keep the frontmatter's title the heading's when a plugin changes it.
  yield frontmatterNode(conversation, options, title)
  yield {type: 'heading', depth: 1, data: {chatmarkTitle: true}, children: [text(title)]}
  for (const turn of conversation.turns) yield* turnToMdast(turn, context)
}

/** The nodes of one turn at the top level (or inside a branch). */
export function turnToMdast(turn: Turn, context: Context): TurnLevel[] {
  // A compaction starts a new part of the conversation (what came before is summarised): it has a heading of its
  // own, so it is not read as part of the turn before it and a reader finds it in the note's outline.
  if (turn.parts.every((part) => part.type === 'branch' || (part.type === 'notice' && part.kind !== 'compaction'))) {
    return turn.parts.flatMap((part) => {
      if (part.type === 'branch') return branchToMdast(part, context)
      return part.type === 'notice' ? noticeToMdast(part, context) : []
    })
  }
  const body = turnBody(turn, context)
  if (body.length === 0) return []
  const children: Flow[] = [turnHeading(turn, context), ...body]
  const tokens = tokensLine(turn.tokens)
  if (tokens) children.push({type: 'paragraph', children: [emphasis(tokens)]})
  return [{type: 'chatmarkTurn', role: turn.role, children}]
}

/** A turn's reply line, parts and reactions line; empty when nothing in it is shown. */
function turnBody(turn: Turn, context: Context): Flow[] {
  const parts = turn.parts.flatMap((part) => partToMdast(part, context))
  if (parts.length === 0) return []
  const body: Flow[] = []
  if (turn.reply) body.push(replyLine(turn.reply))
  // Loops, not `push(...)`: a turn's parts, or one parsed message's 200,000 paragraphs, are too many arguments.
  for (const part of parts) body.push(part)
  if (turn.reactions && turn.reactions.length > 0) {
    const line = turn.reactions
      .map((reaction) => `${reaction.emoji ?? `:${reaction.name}:`} ${reaction.count}`)
      .join(' · ')
    body.push({type: 'paragraph', children: [text(line)]})
  }
  return body
}

/**
 * A turn's heading: its speaker, time, model and whether it was edited, one
 * line. A name or model of only line breaks (a model of `\r`) is left out as if
 * absent: written as it was, it made the heading a setext heading with an empty
 * underline, which is no heading at all.
 */
function turnHeading(turn: Turn, context: Context): Heading {
  const pieces = [speakerName(turn, context)]
  if (turn.timestamp) {
    const time = formatTime(turn.timestamp, context.options.timeZone)
    // The note says once which zone its times are in: a reader of `10:28` alone cannot know.
    if (time !== turn.timestamp && !context.zoneNamed) {
      pieces.push(`${time} ${context.options.timeZone}`)
      context.zoneNamed = true
    } else pieces.push(time)
  }
  const model = modelName(turn)
  if (model) pieces.push(model)
  if (turn.edited) pieces.push('edited')
  return {type: 'heading', depth: turnDepth, children: [text(pieces.join(' · '))]}
}

/** Who speaks in a turn, on one line: the author's name, else the role. */
function speakerName(turn: Turn, {names}: Context): string {
  return safeTitle((turn.author && names.get(turn.author)) || '') || roleLabels[turn.role]
}

/** The turn's model, on one line; `undefined` when it has none. */
function modelName(turn: Turn): string | undefined {
  // A model read from `--json` output holds `null` for none: the renderer takes it as none too.
  return typeof turn.model === 'string' ? safeTitle(turn.model) || undefined : undefined
}

/**
 * A subagent's turn inside the call that started it: a bold speaker line, not
 * a heading, so the note keeps one heading per turn of its own conversation.
 */
function nestedTurn(turn: Turn, context: Context): ChatmarkTurn[] {
  const body = turn.parts.flatMap((part) => partToMdast(part, context))
  if (body.length === 0) return []
  const speaker = speakerName(turn, context)
  const details = [turn.timestamp ? formatTime(turn.timestamp, context.options.timeZone) : undefined, modelName(turn)]
  const shown = details.filter((item): item is string => item !== undefined)
  const line: PhrasingContent[] = [strong(speaker)]
  if (shown.length > 0) line.push(text(` · ${shown.join(' · ')}`))
  return [
    {type: 'chatmarkTurn', role: turn.role, nested: true, children: [{type: 'paragraph', children: line}, ...body]}
  ]
}

function partToMdast(part: Part, context: Context): Flow[] {
  const {options} = context
  switch (part.type) {
    case 'text':
      return messageToMdast(part.text, turnDepth, options)
    case 'thinking': {
      if (!options.thinking) return []
      const inner: Flow[] = []
      if (part.subject) inner.push({type: 'paragraph', children: [strong(part.subject)]})
      for (const node of messageToMdast(part.text, turnDepth, options)) inner.push(node)
      return inner.length > 0 ? [fold('thinking', 'Thinking', inner)] : []
    }
    case 'tool-call':
      return [toolCallToMdast(part, options, (turn) => nestedTurn(turn, context))]
    case 'attachment':
      return attachmentToMdast(part, options)
    case 'code': {
      const block = codeBlock(part.text, part.language)
      if (part.execution) return [executionLine(part.execution.outcome), block]
      if (!part.artifact) return [block]
      return part.text === '' ? [artifactLine(part.artifact)] : [artifactLine(part.artifact), block]
    }
    case 'quote':
      return [quoteToMdast(part, turnDepth, options.remoteContent)]
    case 'notice':
      return noticeToMdast(part, context)
    case 'branch':
      return branchToMdast(part, context)
  }
}

/** A notice in its words (`noticeWords`), with its details folded after it; nothing with `notices: false`. */
function noticeToMdast(part: NoticePart, {options}: Context): Array<ChatmarkNotice | TurnLevel> {
  if (!options.notices) return []
  const words = noticeWords(part)
  const notice: ChatmarkNotice = {type: 'chatmarkNotice', level: part.level, children: [text(words.text)]}
  if (part.kind !== undefined) notice.kind = part.kind
  if (!words.details) return [notice]
  const details = messageToMdast(withoutAnsi(words.details.text), turnDepth, options)
  return details.length > 0 ? [notice, fold('details', words.details.title, details)] : [notice]
}

/** An alternate branch and its turns; nothing when none of them shows. */
function branchToMdast(part: BranchPart, context: Context): ChatmarkBranch[] {
  const children = part.turns.flatMap((turn) => turnToMdast(turn, context))
  if (children.length === 0) return []
  const size = children.filter((child) => child.type === 'chatmarkTurn').length
  const branch: ChatmarkBranch = {type: 'chatmarkBranch', number: part.number, size, children}
  if (part.origin) branch.origin = part.origin
  return [branch]
}

/** `↳ _Reply in thread to Ada_`. */
function replyLine(reply: ThreadReply): Paragraph {
  let words: string
  if (reply.parent === 'missing') {
    const starter = reply.starter ? ` started by ${reply.starter}` : ''
    words = `Reply in a thread${starter} whose first message is not in the export`
  } else if (reply.parent === 'deleted') {
    words = 'Reply in thread to a deleted message'
  } else {
    words = `Reply in thread to ${reply.starter ?? 'a message'}`
  }
  if (reply.broadcast) words += ', also sent to the channel'
  return {type: 'paragraph', children: [text('↳ '), emphasis(words)]}
}

/** `Code execution result (`OUTCOME_OK`):` above the output of code that ran. */
function executionLine(outcome: string | undefined): Paragraph {
  const line: PhrasingContent[] = [text('Code execution result')]
  if (outcome) line.push(text(' ('), inlineCode(outcome), text(')'))
  line.push(text(':'))
  return {type: 'paragraph', children: mergeText(line)}
}

function tokensLine(tokens: TokenCounts | undefined): string | undefined {
  if (!tokens) return undefined
  const details = (['input', 'output', 'cached', 'thoughts', 'tool'] as const)
    .filter((key) => tokens[key] !== undefined && tokens[key] !== 0)
    .map((key) => `${groupDigits(tokens[key] ?? 0)} ${key}`)
  if (tokens.total === undefined && details.length === 0) return undefined
  const total = tokens.total === undefined ? '' : `${groupDigits(tokens.total)} tokens`
  return details.length > 0 ? `${total || 'Tokens:'} (${details.join(', ')})` : total
}
