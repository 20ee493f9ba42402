import type {Edited, Reaction} from '@chatmark/core/model'
import {isRecord, isString, numberOf, stringOf} from '@chatmark/core/model'
import {emojiOf} from './emoji-of.js'
import {isMessageRecord, tsPattern} from './types.js'
import {tsToIso} from './slack-ts.js'

/** A file shared in a message, without any of its addresses. */
export interface SharedFile {
  name?: string
  mimeType?: string
  size?: number
  /** Why the file itself is not in the export (`hidden_by_limit`, `tombstone`), when it is not. */
  missing?: string
}

/** A legacy message attachment (a link unfurl or a bot's card). */
export interface Unfurl {
  pretext?: string
  title?: string
  titleLink?: string
  text?: string
  fallback?: string
}

/**
 * The fields of a day-file message that a note uses, narrowed from the raw
 * record (see `MessageSchema`). Only these are held while a channel is read.
 */
export interface SlackMessage {
  ts: string
  /** The day file it was read from (`2024-03-04`), when known. */
  day?: string
  subtype?: string
  user?: string
  botId?: string
  /** `bot_profile.name`, else `username`. */
  botName?: string
  /** The name in the message's own `user_profile`, for users missing from `users.json`. */
  profileName?: string
  /** mrkdwn. */
  text: string
  threadTs?: string
  parentUser?: string
  /** Present when the message was edited: when, if the export says (`edited.ts`). */
  edited?: Edited
  files: SharedFile[]
  reactions: Reaction[]
  unfurls: Unfurl[]
  /** `channel_topic`, `channel_purpose`, `channel_name` (new name), `channel_name` (old name). */
  topic?: string
  purpose?: string
  newName?: string
  oldName?: string
}

/** Narrows a day-file element; `undefined` when it is not a `{type: "message", ts}` record. */
export function readMessage(value: unknown, day?: string): SlackMessage | undefined {
  if (!isMessageRecord(value)) return undefined
  const message: SlackMessage = {
    ts: value.ts,
    text: stringOf(value['text']) ?? '',
    ...editedOf(value['edited']),
    files: filesOf(value),
    reactions: reactionsOf(value['reactions']),
    unfurls: unfurlsOf(value['attachments'])
  }
  if (day) message.day = day
  set(message, 'subtype', value['subtype'])
  set(message, 'user', value['user'])
  set(message, 'botId', value['bot_id'])
  // Legacy `file_comment` messages (exports until 2017) carry their author and words in `comment`, not at the
  // top level: `{subtype: "file_comment", file, comment: {user, comment}}` (Slack's legacy message subtypes).
  const comment = isRecord(value['comment']) ? value['comment'] : {}
  if (message.user === undefined) set(message, 'user', comment['user'])
  if (value['subtype'] === 'file_comment' && isString(comment['comment'])) message.text = comment['comment']
  const botProfile = isRecord(value['bot_profile']) ? value['bot_profile'] : {}
  // A bot's message may name it only in `bot_profile` (an app's, without `bot_id`).
  if (message.botId === undefined) set(message, 'botId', botProfile['id'])
  set(message, 'botName', nonEmpty(botProfile['name']) ?? nonEmpty(value['username']))
  const profile = isRecord(value['user_profile']) ? value['user_profile'] : {}
  set(
    message,
    'profileName',
    nonEmpty(profile['display_name']) ?? nonEmpty(profile['real_name']) ?? nonEmpty(profile['name'])
  )
  const threadTs = stringOf(value['thread_ts'])
  if (threadTs && tsPattern.test(threadTs)) message.threadTs = threadTs
  set(message, 'parentUser', value['parent_user_id'])
  set(message, 'topic', value['topic'])
  set(message, 'purpose', value['purpose'])
  set(message, 'newName', value['name'])
  set(message, 'oldName', value['old_name'])
  return message
}

type StringField =
  | 'subtype'
  | 'user'
  | 'botId'
  | 'botName'
  | 'profileName'
  | 'parentUser'
  | 'topic'
  | 'purpose'
  | 'newName'
  | 'oldName'

function set(message: SlackMessage, key: StringField, value: unknown): void {
  if (isString(value)) message[key] = value
}

function filesOf(value: Record<string, unknown>): SharedFile[] {
  // Legacy exports (up to 2016) carry one `file` on `file_share` messages.
  const raw = Array.isArray(value['files']) ? value['files'] : isRecord(value['file']) ? [value['file']] : []
  const files: SharedFile[] = []
  for (const item of raw) {
    if (!isRecord(item)) continue
    const file: SharedFile = {}
    const name = nonEmpty(item['name']) ?? nonEmpty(item['title'])
    if (name) file.name = name
    const mimeType = nonEmpty(item['mimetype'])
    if (mimeType) file.mimeType = mimeType
    const size = numberOf(item['size'])
    if (size !== undefined) file.size = size
    const mode = stringOf(item['mode'])
    if (mode === 'hidden_by_limit' || mode === 'tombstone') file.missing = mode
    files.push(file)
  }
  return files
}

function reactionsOf(value: unknown): Reaction[] {
  if (!Array.isArray(value)) return []
  const reactions: Reaction[] = []
  for (const item of value) {
    if (!isRecord(item) || !isString(item['name']) || item['name'] === '') continue
    const users = Array.isArray(item['users']) ? item['users'].length : 0
    // A toned reaction is named `+1::skin-tone-2`; a custom emoji has no character.
    const emoji = emojiOf(item['name'])
    reactions.push({name: item['name'], count: numberOf(item['count']) ?? users, ...(emoji ? {emoji} : {})})
  }
  return reactions
}

function unfurlsOf(value: unknown): Unfurl[] {
  if (!Array.isArray(value)) return []
  const unfurls: Unfurl[] = []
  for (const item of value) {
    if (!isRecord(item)) continue
    const unfurl: Unfurl = {}
    for (const [key, field] of [
      ['pretext', 'pretext'],
      ['title', 'title'],
      ['titleLink', 'title_link'],
      ['text', 'text'],
      ['fallback', 'fallback']
    ] as const) {
      const text = nonEmpty(item[field])
      if (text) unfurl[key] = text
    }
    if (Object.keys(unfurl).length > 0) unfurls.push(unfurl)
  }
  return unfurls
}

function nonEmpty(value: unknown): string | undefined {
  const text = stringOf(value)?.trim()
  return text ? text : undefined
}

/** `edited: {user, ts}` as the model's `edited`, with the time when `ts` is one. */
function editedOf(value: unknown): {edited?: Edited} {
  if (!isRecord(value)) return {}
  const ts = stringOf(value['ts'])
  const timestamp = ts === undefined ? undefined : tsToIso(ts)
  return {edited: timestamp ? {timestamp} : {}}
}
