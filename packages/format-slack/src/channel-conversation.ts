import type {Conversation, Fidelity, Participant, Turn} from '@chatmark/core/model'
import {nameOf} from './authors.js'
import type {SlackMessage} from './message.js'
import {messageToTurn} from './message-to-turn.js'
import {mrkdwnPlain} from './mrkdwn-inline.js'
import type {ChannelInfo, Names} from './resolve-names.js'
import {compareTs, tsToIso} from './slack-ts.js'
import type {Placed} from './thread-replies.js'
import {threadOrder} from './thread-replies.js'

/** How a channel is cut into notes. */
export type Split = 'channel' | 'day'

/** A channel as the reader found it. */
export interface ChannelSource {
  /** Folder name (a channel name, or a DM's id), or what stands in for it. */
  folder: string
  info?: ChannelInfo
  variant: 'slack-export' | 'slack-day-file'
  path?: string
  /** For a lone day file: its day, which the title names. */
  day?: string
  /** Problems met while reading the channel (unreadable records...), counted in its first note. */
  fidelity: Fidelity
}

/** Where a part of a channel stands among its parts (see `channelParts`); a channel read whole is part 1 of 1. */
export interface ChannelPart {
  number: number
  /** Whether more parts follow. */
  more: boolean
  /** The first messages of threads in the parts before, by `ts`. */
  earlier: ReadonlyMap<string, SlackMessage>
  /** The ids of the conversations the parts before gave. */
  ids: ReadonlySet<string>
}

const wholeChannel: ChannelPart = {number: 1, more: false, earlier: new Map(), ids: new Set()}

/**
 * A channel's conversations: one for the channel, or one per day with
 * `split: 'day'` (a thread goes with the day of its first message). The
 * messages of the channel (or of its part) are all held here, because sorting
 * by `ts` and putting replies under their thread needs every day file of it.
 * A part after the first is its own note: `#general · part 2` (id
 * `C…:part-2`); with `split: 'day'`, only a day cut in two gets a part.
 */
export function* channelConversations(
  messages: readonly SlackMessage[],
  channel: ChannelSource,
  names: Names,
  split: Split,
  part: ChannelPart = wholeChannel
): Generator<Conversation> {
  const {placed, duplicates} = threadOrder(messages, part.earlier)
  const fidelity: Fidelity = {...channel.fidelity}
  if (duplicates > 0) fidelity['duplicate-message'] = (fidelity['duplicate-message'] ?? 0) + duplicates
  if (split === 'channel') {
    const conversation = conversationOf(placed, channel, names, channel.day, fidelity)
    if (part.number > 1) conversation.id = `${conversation.id}:part-${part.number}`
    if (part.number > 1 || part.more) conversation.title = `${conversation.title} · part ${part.number}`
    yield conversation
    return
  }
  const days = new Map<string, Placed[]>()
  for (const item of placed) {
    const day = item.anchor.day ?? dayOfTs(item.anchor.ts)
    const list = days.get(day)
    if (list) list.push(item)
    else days.set(day, [item])
  }
  let first = true
  for (const [day, items] of [...days].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))) {
    const conversation = conversationOf(items, channel, names, day, first ? fidelity : {})
    if (part.ids.has(conversation.id)) {
      conversation.id = `${conversation.id}:part-${part.number}`
      conversation.title = `${conversation.title} · part ${part.number}`
    }
    yield conversation
    first = false
  }
}

function conversationOf(
  placed: readonly Placed[],
  channel: ChannelSource,
  names: Names,
  day: string | undefined,
  fidelity: Fidelity
): Conversation {
  const participants = new Map<string, Participant>()
  const sink = {names, participants, fidelity: {...fidelity}}
  const turns: Turn[] = []
  for (const item of placed) {
    const turn = messageToTurn(item, sink)
    if (turn) turns.push(turn)
  }
  const times = placed.map((item) => item.message.ts).sort(compareTs)
  // A day file read from stdin has no folder to name its channel: its first message names it.
  const id = channel.info?.id ?? (channel.folder || `slack-${times[0] ?? 'channel'}`)
  const conversation: Conversation = {
    id: day ? `${id}:${day}` : id,
    title: titleOf(channel, names, day),
    source: {format: 'slack', variant: channel.variant, ...(channel.path ? {path: channel.path} : {})},
    participants: [...participants.values()],
    metadata: metadataOf(channel.info, names),
    turns,
    fidelity: sink.fidelity
  }
  const createdAt = times[0] === undefined ? undefined : tsToIso(times[0])
  const updatedAt = times.at(-1) === undefined ? undefined : tsToIso(times.at(-1) ?? '')
  if (createdAt) conversation.createdAt = createdAt
  if (updatedAt) conversation.updatedAt = updatedAt
  return conversation
}

/** `#general`, `#general · 2024-03-04`, or for a DM the people in it. */
function titleOf(channel: ChannelSource, names: Names, day: string | undefined): string {
  const {info} = channel
  let title: string
  if (info && (info.list === 'dms' || info.list === 'mpims') && info.members.length > 0) {
    title =
      `${info.list === 'dms' ? 'Direct messages' : 'Group messages'}: ` +
      `${info.members.map((member) => nameOf(member, names)).join(', ')}`
  } else {
    const name = info?.name ?? channel.folder
    title = name ? `#${name}` : 'Slack channel'
  }
  return day ? `${title} · ${day}` : title
}

/** The channel's topic and description (as plain text), and whether it is archived. */
function metadataOf(info: ChannelInfo | undefined, names: Names): Conversation['metadata'] {
  const extra: Record<string, string | boolean> = {}
  const plain = (text: string): string => mrkdwnPlain(text, names).replace(/\s+/g, ' ').trim()
  if (info?.topic) extra['topic'] = plain(info.topic)
  if (info?.purpose) extra['purpose'] = plain(info.purpose)
  if (info?.archived) extra['archived'] = true
  return Object.keys(extra).length > 0 ? {extra} : {}
}

/** The UTC day of a timestamp, for messages read without a day file name. */
function dayOfTs(ts: string): string {
  return tsToIso(ts)?.slice(0, 10) ?? 'unknown-day'
}
