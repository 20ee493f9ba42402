import type {NoticePart} from '@chatmark/core/model'
import {nameOf} from './authors.js'
import type {SlackMessage} from './message.js'
import {mrkdwnPlain} from './mrkdwn-inline.js'
import type {Names} from './resolve-names.js'

/**
 * Channel events that Slack stores as messages (`channel_join`,
 * `channel_topic`…, and the `group_*` twins of private channels) as info
 * notices in chatmark's words; `undefined` for messages people wrote.
 */
export function subtypeNotice(message: SlackMessage, names: Names): NoticePart | undefined {
  const subtype = message.subtype?.replace(/^group_/, 'channel_')
  if (!subtype) return undefined
  const who = message.user ? nameOf(message.user, names) : (message.botName ?? 'Someone')
  const plain = (text: string): string => mrkdwnPlain(text, names).replace(/\s+/g, ' ').trim()
  let text: string
  switch (subtype) {
    case 'channel_join':
      text = `${who} joined the channel`
      break
    case 'channel_leave':
      text = `${who} left the channel`
      break
    case 'channel_topic': {
      const topic = plain(message.topic ?? '')
      text = topic ? `${who} set the channel topic: ${topic}` : `${who} cleared the channel topic`
      break
    }
    case 'channel_purpose': {
      const purpose = plain(message.purpose ?? '')
      text = purpose ? `${who} set the channel description: ${purpose}` : `${who} cleared the channel description`
      break
    }
    case 'channel_name':
      text =
        message.oldName && message.newName
          ? `${who} renamed the channel from #${message.oldName} to #${message.newName}`
          : `${who} renamed the channel`
      break
    case 'channel_archive':
      text = `${who} archived the channel`
      break
    case 'channel_unarchive':
      text = `${who} unarchived the channel`
      break
    case 'pinned_item':
      text = `${who} pinned a message to the channel`
      break
    case 'unpinned_item':
      text = `${who} unpinned a message from the channel`
      break
    case 'bot_add':
    case 'bot_remove':
    case 'bot_enable':
    case 'bot_disable':
    case 'channel_convert_to_private':
    case 'channel_convert_to_public':
      text = plain(message.text) || `${who}: ${subtype.replace(/_/g, ' ')}`
      break
    default:
      return undefined
  }
  return {type: 'notice', level: 'info', kind: 'channel-event', text}
}
