/**
 * The Slack workspace export schema, as documented by Slack ("How to read
 * Slack data exports", slack.com/help/articles/220556107; "Formatting message
 * text", docs.slack.dev/messaging/formatting-message-text) and observed in a
 * real 2015–2016 export (`houstondatavis/slack-export`) and in current exports
 * (with `user_profile`, `files[]`, `blocks`).
 *
 * Layout: root `users.json` (Enterprise Grid: `org_users.json`),
 * `channels.json`, and with "all conversations" `groups.json`, `dms.json`,
 * `mpims.json`; one folder per channel (named by channel name; DMs by id)
 * holding a JSON array of messages per day, `YYYY-MM-DD.json`.
 *
 * The interfaces document the format; parsed JSON is never cast to them.
 * The guards narrow `unknown` to the few fields they check.
 */
import {isRecord, isString} from '@chatmark/core/model'

/** A record of `users.json`. */
export interface UserSchema {
  id: string
  name: string
  real_name?: string
  deleted?: boolean
  is_bot?: boolean
  is_app_user?: boolean
  team_id?: string
  tz?: string
  profile?: {real_name?: string; display_name?: string; bot_id?: string; image_72?: string}
}

/** A record of `channels.json`, `groups.json` or `mpims.json` (DMs in `dms.json` have no name). */
export interface ChannelSchema {
  id: string
  name?: string
  created?: number
  creator?: string
  is_archived?: boolean
  is_general?: boolean
  members?: string[]
  topic?: {value: string; creator?: string; last_set?: number}
  purpose?: {value: string; creator?: string; last_set?: number}
}

/** A file object (`files[]`; legacy exports: a single `file`). */
export interface FileSchema {
  id?: string
  name?: string
  title?: string
  mimetype?: string
  filetype?: string
  size?: number
  /** `hidden_by_limit` or `tombstone` when the file is not in the export. */
  mode?: string
  /** Carry access tokens in some exports: never printed. */
  url_private?: string
  url_private_download?: string
  permalink?: string
}

/** One element of a day file. */
export interface MessageSchema {
  type: 'message'
  /** Epoch seconds and a micro-sequence, `"1433558319.000002"`: the message id, unique per channel. */
  ts: string
  subtype?: string
  user?: string
  bot_id?: string
  username?: string
  bot_profile?: {id?: string; name?: string; app_id?: string}
  user_profile?: {real_name?: string; display_name?: string; name?: string; first_name?: string}
  /** mrkdwn. */
  text?: string
  edited?: {user?: string; ts?: string}
  thread_ts?: string
  parent_user_id?: string
  reply_count?: number
  files?: FileSchema[]
  file?: FileSchema
  reactions?: Array<{name: string; count?: number; users?: string[]}>
  /** Legacy message attachments (link unfurls, bot cards). */
  attachments?: Array<{
    fallback?: string
    title?: string
    title_link?: string
    text?: string
    pretext?: string
    service_name?: string
  }>
  /** `channel_topic`, `channel_purpose`. */
  topic?: string
  purpose?: string
  /** `channel_name`. */
  name?: string
  old_name?: string
  /** `message_deleted`. */
  deleted_ts?: string
}

/** The day file name of a channel folder, `2024-03-04.json`. */
export const dayFileName = /^(\d{4}-\d{2}-\d{2})\.json$/

/** A Slack timestamp: epoch seconds, a dot, a sequence. */
export const tsPattern = /^\d+\.\d+$/

/** Root files of an export that list users. */
export const userFiles: readonly string[] = ['users.json', 'org_users.json']

/** Root files of an export that list conversations, in the order they are read. */
export const channelFiles: readonly string[] = ['channels.json', 'groups.json', 'mpims.json', 'dms.json']

/** Whether a value is a day-file element `{type: "message", ts: "<digits>.<digits>"}`. */
export function isMessageRecord(value: unknown): value is Record<string, unknown> & {type: 'message'; ts: string} {
  return isRecord(value) && value['type'] === 'message' && isString(value['ts']) && tsPattern.test(value['ts'])
}

/** Whether a value is a `users.json` record. */
export function isUserRecord(value: unknown): value is Record<string, unknown> & {id: string} {
  return isRecord(value) && isString(value['id']) && (isString(value['name']) || isRecord(value['profile']))
}

/** Whether a value is a record of a conversation list (`channels.json`...). */
export function isChannelRecord(value: unknown): value is Record<string, unknown> & {id: string} {
  return isRecord(value) && isString(value['id']) && (isString(value['name']) || Array.isArray(value['members']))
}
