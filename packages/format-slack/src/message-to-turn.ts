import type {BlockContent, PhrasingContent, Root} from 'mdast'
import type {AttachmentPart, Fidelity, Part, Participant, ThreadReply, Turn} from '@chatmark/core/model'
import {formatBytes} from '@chatmark/core/read'
import {authorOf, nameOf} from './authors.js'
import type {SharedFile, SlackMessage, Unfurl} from './message.js'
import {mrkdwnInline} from './mrkdwn-inline.js'
import {mrkdwnToMdast} from './mrkdwn-to-mdast.js'
import {isPrivateUrl} from './private-url.js'
import type {Names} from './resolve-names.js'
import {serialize} from './serialize.js'
import {subtypeNotice} from './subtype-notice.js'
import type {Placed} from './thread-replies.js'
import {tsToIso} from './slack-ts.js'

/** Subtypes that mean the message itself is gone. */
const deletedSubtypes: ReadonlySet<string> = new Set(['tombstone', 'message_deleted'])

/** What turning messages into turns collects for the conversation. */
export interface TurnSink {
  names: Names
  /** Participants by id, in order of first appearance. */
  participants: Map<string, Participant>
  fidelity: Fidelity
}

/**
 * One message as a turn: its text as Markdown, its files as attachments, its
 * reactions in `reactions`. A thread reply has a `reply` saying whose thread
 * it answers. Channel events become notice-only turns (shown without a
 * heading); a deleted message is counted in fidelity, and shown as a notice
 * only when its thread replies follow it.
 */
export function messageToTurn(placed: Placed, sink: TurnSink): Turn | undefined {
  const {message} = placed
  const {names} = sink
  const timestamp = tsToIso(message.ts)
  const base = {id: message.ts, ...(timestamp ? {timestamp} : {})}

  if (message.subtype && deletedSubtypes.has(message.subtype)) {
    count(sink.fidelity, 'deleted-message')
    if (placed.replies === 0) return undefined
    return {
      ...base,
      role: 'system',
      parts: [
        {type: 'notice', level: 'info', kind: 'deleted', text: 'This message was deleted; its thread replies follow'}
      ]
    }
  }
  const notice = subtypeNotice(message, names)
  if (notice) return {...base, role: 'system', parts: [notice]}

  const parts: Part[] = []
  const text = serialize(messageTree(message, names))
  if (text) parts.push({type: 'text', text})
  for (const file of message.files) {
    if (file.missing) count(sink.fidelity, 'file-not-exported')
    parts.push(attachmentOf(file))
  }
  if (!text && message.files.length === 0 && message.reactions.length === 0) {
    count(sink.fidelity, 'empty-message')
    return undefined
  }

  const author = authorOf(message, names)
  if (author && !sink.participants.has(author.id)) sink.participants.set(author.id, author)
  return {
    ...base,
    role: author?.kind === 'human' ? 'user' : 'other',
    ...(author ? {author: author.id} : {}),
    ...(placed.parent === undefined ? {} : {reply: replyOf(placed, names)}),
    ...(message.reactions.length > 0 ? {reactions: message.reactions} : {}),
    ...(message.edited ? {edited: message.edited} : {}),
    parts
  }
}

function count(fidelity: Fidelity, reason: string): void {
  fidelity[reason] = (fidelity[reason] ?? 0) + 1
}

/** The message text, and its legacy attachments (unfurls, bot cards) as quotes. */
function messageTree(message: SlackMessage, names: Names): Root {
  const tree = mrkdwnToMdast(message.text, names)
  for (const unfurl of message.unfurls) {
    const quote = unfurlQuote(unfurl, names)
    if (quote) tree.children.push(quote)
  }
  return tree
}

function unfurlQuote(unfurl: Unfurl, names: Names): BlockContent | undefined {
  const children: BlockContent[] = []
  if (unfurl.pretext) children.push({type: 'paragraph', children: mrkdwnInline(unfurl.pretext, names)})
  if (unfurl.title) {
    const title: PhrasingContent[] = mrkdwnInline(unfurl.title, names)
    const link = unfurl.titleLink && !isPrivateUrl(unfurl.titleLink) ? unfurl.titleLink : undefined
    children.push({
      type: 'paragraph',
      children: [{type: 'strong', children: link ? [{type: 'link', url: link, children: title}] : title}]
    })
  }
  if (unfurl.text) children.push(...(mrkdwnToMdast(unfurl.text, names).children as BlockContent[]))
  if (children.length === 0 && unfurl.fallback)
    children.push({type: 'paragraph', children: mrkdwnInline(unfurl.fallback, names)})
  return children.length > 0 ? {type: 'blockquote', children} : undefined
}

/** What a thread reply answers: the thread's first message, deleted or not in the export, and who started it. */
function replyOf(placed: Placed, names: Names): ThreadReply {
  const {message, parent} = placed
  let reply: ThreadReply
  if (!parent) {
    reply = {parent: 'missing'}
    if (message.parentUser) reply.starter = nameOf(message.parentUser, names)
  } else if (parent.subtype && deletedSubtypes.has(parent.subtype)) {
    reply = {parent: 'deleted'}
  } else {
    reply = {parent: 'present'}
    const starter = authorOf(parent, names)?.name
    if (starter) reply.starter = starter
  }
  if (message.subtype === 'thread_broadcast') reply.broadcast = true
  return reply
}

function attachmentOf(file: SharedFile): AttachmentPart {
  const details = [file.mimeType, file.size === undefined ? undefined : formatBytes(file.size)].filter(
    (item): item is string => item !== undefined
  )
  if (file.missing)
    details.push(
      file.missing === 'hidden_by_limit' ? 'not in the export: hidden by the plan limit' : 'not in the export: deleted'
    )
  const part: AttachmentPart = {type: 'attachment', text: details.join(', ') || 'file'}
  if (file.name) part.name = file.name
  if (file.mimeType) part.mimeType = file.mimeType
  if (file.size !== undefined) part.size = file.size
  return part
}
