import {isRecord, isString, stringOf} from '@chatmark/core/model'
import {isChannelRecord, isUserRecord} from './types.js'

/** A person or bot of the workspace, as `users.json` names it. */
export interface Member {
  id: string
  name: string
  isBot: boolean
}

/** A channel, private channel, DM or group DM of the export. */
export interface ChannelInfo {
  id: string
  /** Channel name; absent for DMs. */
  name?: string
  /** Which list it came from: `channels`, `groups`, `mpims`, `dms`. */
  list: string
  members: readonly string[]
  topic?: string
  purpose?: string
  archived: boolean
}

/** The people of the workspace by id, as far as names are looked up (a `Map`, or one laid over another). */
export type MemberLookup = Pick<ReadonlyMap<string, Member>, 'get' | 'has'>

/** Names for the ids that messages use: users (and bot users) and channels. */
export interface Names {
  members: MemberLookup
  channels: ReadonlyMap<string, ChannelInfo>
}

/** An empty directory: ids stay ids. */
export const noNames: Names = {members: new Map(), channels: new Map()}

/**
 * A user's name as Slack shows it: the display name, else the real name,
 * else the account name (`profile.display_name || real_name || name`).
 */
export function memberOf(value: unknown): Member | undefined {
  if (!isUserRecord(value)) return undefined
  const profile = isRecord(value['profile']) ? value['profile'] : {}
  const name =
    nonEmpty(profile['display_name']) ??
    nonEmpty(profile['real_name']) ??
    nonEmpty(value['real_name']) ??
    nonEmpty(value['name']) ??
    value.id
  const isBot = value['is_bot'] === true || value['is_app_user'] === true || value.id === 'USLACKBOT'
  return {id: value.id, name, isBot}
}

/** A record of `channels.json`, `groups.json`, `mpims.json` or `dms.json`. */
export function channelOf(value: unknown, list: string): ChannelInfo | undefined {
  if (!isChannelRecord(value)) return undefined
  const channel: ChannelInfo = {
    id: value.id,
    list,
    members: Array.isArray(value['members']) ? value['members'].filter(isString) : [],
    archived: value['is_archived'] === true
  }
  const name = nonEmpty(value['name'])
  if (name) channel.name = name
  const topic = isRecord(value['topic']) ? nonEmpty(value['topic']['value']) : undefined
  if (topic) channel.topic = topic
  const purpose = isRecord(value['purpose']) ? nonEmpty(value['purpose']['value']) : undefined
  if (purpose) channel.purpose = purpose
  return channel
}

/** Adds the records of a `users.json` document to `members`. */
export function addMembers(members: Map<string, Member>, document: unknown): number {
  if (!Array.isArray(document)) return 0
  let added = 0
  for (const value of document) {
    const member = memberOf(value)
    if (!member) continue
    members.set(member.id, member)
    added++
  }
  return added
}

/** Adds the records of a conversation list (`channels.json`...) to `channels`. */
export function addChannels(channels: Map<string, ChannelInfo>, document: unknown, list: string): number {
  if (!Array.isArray(document)) return 0
  let added = 0
  for (const value of document) {
    const channel = channelOf(value, list)
    if (!channel) continue
    channels.set(channel.id, channel)
    added++
  }
  return added
}

function nonEmpty(value: unknown): string | undefined {
  const text = stringOf(value)?.trim()
  return text ? text : undefined
}
