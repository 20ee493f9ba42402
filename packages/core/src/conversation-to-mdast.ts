import type {PhrasingContent, Root, RootContent} from 'mdast'
import type {Flow} from './mdast-nodes.js'
import {artifactLine} from './artifact-line.js'
import {collapsible} from './collapsible.js'
import {conversationTitle} from './conversation-title.js'
import {formatTime} from './format-time.js'
import {groupDigits} from './group-digits.js'
import {attention, inertText, inlineCode, mergeLiterals, space} from './inert-text.js'
import {frontmatterOf, frontmatterYaml} from './frontmatter.js'
import {messageToMdast} from './message-to-mdast.js'
import type {Conversation, NoticePart, Part, TokenCounts, Turn} from './model.js'
import type {RenderOptions, ResolvedRenderOptions} from './render-options.js'
import {resolveRenderOptions} from './render-options.js'
import {quoteToMdast} from './quote-to-mdast.js'
import {toolCallToMdast} from './tool-call-to-mdast.js'

/** Heading depth of a turn section; message headings are pushed below it. */
export const turnDepth = 2

const roleLabels: Record<Turn['role'], string> = {
  user: 'User',
  assistant: 'Assistant',
  system: 'System',
  tool: 'Tool',
  other: 'Other'
}

const alertKinds: Record<NoticePart['level'], string> = {info: '[!NOTE]', warning: '[!WARNING]', error: '[!CAUTION]'}

/**
 * Builds the note's syntax tree: YAML frontmatter, a title heading, then one
 * section per turn. Turns that hold only notices are shown as alerts between
 * sections, without a heading of their own.
 */
export function conversationToMdast(conversation: Conversation, renderOptions?: RenderOptions): Root {
  const options = resolveRenderOptions(renderOptions)
  const title = conversationTitle(conversation)
  const children: RootContent[] = [
    {type: 'yaml', value: frontmatterYaml(frontmatterOf(conversation, title))},
    {type: 'heading', depth: 1, children: [inertText(title)]}
  ]
  const names = new Map(conversation.participants.map((participant) => [participant.id, participant.name]))

  for (const turn of conversation.turns) {
    const body = turn.parts.flatMap((part) => partToMdast(part, names, options))
    if (body.length === 0) continue
    if (turn.parts.every((part) => part.type === 'notice')) {
      children.push(...body)
      continue
    }
    children.push(turnHeading(turn, names, options), ...body)
    const tokens = tokensLine(turn.tokens)
    if (tokens) children.push({type: 'paragraph', children: [attention('emphasis', tokens)]})
  }
  return {type: 'root', children}
}

function turnHeading(turn: Turn, names: ReadonlyMap<string, string>, options: ResolvedRenderOptions): RootContent {
  const pieces = [(turn.author && names.get(turn.author)) || roleLabels[turn.role]]
  if (turn.timestamp) pieces.push(formatTime(turn.timestamp, options.timeZone))
  if (turn.model) pieces.push(turn.model)
  return {type: 'heading', depth: turnDepth, children: [inertText(pieces.join(' · '))]}
}

/**
 * A subagent's turn inside the call that started it: a bold speaker line, not
 * a heading, so the note keeps one heading per turn of its own conversation.
 */
function nestedTurn(turn: Turn, names: ReadonlyMap<string, string>, options: ResolvedRenderOptions): Flow[] {
  const body = turn.parts.flatMap((part) => partToMdast(part, names, options))
  if (body.length === 0) return []
  const speaker = (turn.author && names.get(turn.author)) || roleLabels[turn.role]
  const details = [turn.timestamp ? formatTime(turn.timestamp, options.timeZone) : undefined, turn.model].filter(
    (item): item is string => item !== undefined
  )
  const line = [
    attention('strong', speaker),
    ...(details.length > 0 ? [space, inertText(`· ${details.join(' · ')}`)] : [])
  ]
  return [{type: 'paragraph', children: mergeLiterals(line)}, ...body]
}

function partToMdast(part: Part, names: ReadonlyMap<string, string>, options: ResolvedRenderOptions): Flow[] {
  switch (part.type) {
    case 'text':
      return messageToMdast(part.text, turnDepth, options)
    case 'thinking': {
      if (!options.thinking) return []
      const inner: Flow[] = []
      if (part.subject) inner.push({type: 'paragraph', children: [attention('strong', part.subject)]})
      inner.push(...messageToMdast(part.text, turnDepth, options))
      return inner.length > 0 ? collapsible('Thinking', inner, options) : []
    }
    case 'tool-call':
      return toolCallToMdast(part, options, (turn) => nestedTurn(turn, names, options))
    case 'attachment': {
      const line: PhrasingContent[] = [attention('strong', 'Attachment'), space]
      if (part.name) line.push(inlineCode(part.name), space)
      line.push(inertText(`(${part.text})`))
      if (part.reference) line.push(space, inlineCode(part.reference))
      return [{type: 'paragraph', children: mergeLiterals(line)}]
    }
    case 'code': {
      const block: Flow = {type: 'code', lang: part.language ?? null, value: part.text}
      if (!part.artifact) return [block]
      return part.text === '' ? [artifactLine(part.artifact)] : [artifactLine(part.artifact), block]
    }
    case 'quote':
      return quoteToMdast(part, turnDepth)
    case 'branch':
      return []
    case 'notice': {
      if (!options.notices) return []
      const alert: Flow = {
        type: 'blockquote',
        children: [
          {
            type: 'paragraph',
            children: [
              {type: 'chatmarkMarker', value: alertKinds[part.level]},
              {type: 'text', value: `\n${part.text}`}
            ]
          }
        ]
      }
      if (!part.details) return [alert]
      return [alert, ...collapsible(detailsTitle(part.kind), messageToMdast(part.details, turnDepth, options), options)]
    }
  }
}

/** The fold title of a notice's details, by the notice's kind. */
function detailsTitle(kind: string | undefined): string {
  if (kind === 'compaction' || kind === 'compression') return 'Summary'
  if (kind === 'meta') return 'Full text'
  return 'Details'
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
