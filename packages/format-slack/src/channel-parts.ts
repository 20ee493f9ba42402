import type {Conversation, Fidelity} from '@chatmark/core/model'
import type {Input} from '@chatmark/core/read'
import type {ChannelSource, Split} from './channel-conversation.js'
import {channelConversations} from './channel-conversation.js'
import type {SlackMessage} from './message.js'
import {withProfileNames} from './profile-names.js'
import type {Names} from './resolve-names.js'

/** A day file of a channel, and its day when its name says. */
export interface DaySource {
  input: Input
  day?: string
}

/** What {@link channelParts} reads and how it cuts. */
export interface ChannelReading {
  channel: Omit<ChannelSource, 'fidelity'>
  names: Names
  split: Split
  /** A part ends after the day file that brings it to this many messages, or mid-day at twice as many. */
  partMessages: number
  /** One day file's messages; what cannot be read is counted in `fidelity`. */
  read(day: DaySource, fidelity: Fidelity): AsyncIterable<SlackMessage>
}

/**
 * A channel's conversations, read day file by day file and cut into parts of
 * about `partMessages` messages, so that memory holds one part, never the
 * whole channel (a channel of 2,000,000 messages held 4.2 GB). A channel under
 * the limit is one part, as before. A part ends at a day file's end, or in the
 * middle of a day that alone holds twice the limit. A reply whose thread began
 * in an earlier part stays at its own time and names who started the thread:
 * the first messages of threads are remembered (without their text) across parts.
 */
export async function* channelParts(days: readonly DaySource[], reading: ChannelReading): AsyncGenerator<Conversation> {
  const {channel, names, split, partMessages} = reading
  let messages: SlackMessage[] = []
  // One object for the whole channel, emptied by each part: a day file being read keeps counting into it.
  const fidelity: Fidelity = {}
  let number = 1
  const earlier = new Map<string, SlackMessage>()
  const ids = new Set<string>()

  const part = function* (more: boolean): Generator<Conversation> {
    const conversations = channelConversations(
      messages,
      {...channel, fidelity: {...fidelity}},
      withProfileNames(names, messages),
      split,
      {number, more, earlier, ids}
    )
    for (const conversation of conversations) {
      ids.add(conversation.id)
      yield conversation
    }
    for (const message of messages) {
      if (message.threadTs !== message.ts) continue
      earlier.set(message.ts, {...message, text: '', files: [], reactions: [], unfurls: []})
    }
    messages = []
    for (const key of Object.keys(fidelity)) delete fidelity[key]
    number++
  }

  for (const [index, day] of days.entries()) {
    for await (const message of reading.read(day, fidelity)) {
      messages.push(message)
      if (messages.length >= 2 * partMessages) yield* part(true)
    }
    if (messages.length >= partMessages && index < days.length - 1) yield* part(true)
  }
  // The last part; a channel with no message at all is still one (empty) part, as the reader always gave.
  if (messages.length > 0 || number === 1) yield* part(false)
}
