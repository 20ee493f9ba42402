import type {SlackMessage} from './message.js'
import {compareTs} from './slack-ts.js'

/** A message in note order, with its place in a thread. */
export interface Placed {
  message: SlackMessage
  /**
   * For a thread reply: the thread's first message, or `null` when that
   * message is not among the channel's messages (it was before the export's
   * range, or in another day file of a lone day file).
   */
  parent?: SlackMessage | null
  /** For a channel-level message: the replies placed under it. */
  replies: number
  /** The top-level message this one is shown with (itself, for top-level messages): decides its day. */
  anchor: SlackMessage
}

/**
 * Puts a channel's messages in note order: channel-level messages by `ts`,
 * each followed by its thread replies by `ts`, wherever (in whichever day
 * file) the replies were stored. A reply that was also sent to the channel
 * (`thread_broadcast`) is one message, so it appears once, in its thread.
 * A message repeated with the same `ts` is kept once; the count of dropped
 * repeats is returned. A reply whose thread began in an earlier part of the
 * channel (`earlier`, by `ts`: see `channelParts`) stays at its own time and
 * names that thread's first message.
 */
export function threadOrder(
  messages: readonly SlackMessage[],
  earlier: ReadonlyMap<string, SlackMessage> = new Map()
): {placed: Placed[]; duplicates: number} {
  const sorted = [...messages].sort((left, right) => compareTs(left.ts, right.ts))
  const unique: SlackMessage[] = []
  let duplicates = 0
  for (const message of sorted) {
    const previous = unique.at(-1)
    if (previous && compareTs(previous.ts, message.ts) === 0) duplicates++
    else unique.push(message)
  }

  const byTs = new Map(unique.map((message) => [message.ts, message]))
  const replies = new Map<string, SlackMessage[]>()
  const top: SlackMessage[] = []
  for (const message of unique) {
    const parentTs = message.threadTs
    if (parentTs && parentTs !== message.ts && byTs.has(parentTs)) {
      const list = replies.get(parentTs)
      if (list) list.push(message)
      else replies.set(parentTs, [message])
    } else {
      top.push(message)
    }
  }

  const placed: Placed[] = []
  for (const message of top) {
    const thread = replies.get(message.ts) ?? []
    const orphan = message.threadTs !== undefined && message.threadTs !== message.ts
    const parent = orphan ? (earlier.get(message.threadTs ?? '') ?? null) : undefined
    placed.push({message, replies: thread.length, anchor: message, ...(parent === undefined ? {} : {parent})})
    for (const reply of thread) placed.push({message: reply, parent: message, replies: 0, anchor: message})
  }
  return {placed, duplicates}
}
