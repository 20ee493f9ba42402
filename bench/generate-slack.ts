import {mkdir, rm, writeFile} from 'node:fs/promises'
import {join} from 'node:path'

/** The shape of a generated Slack export. */
export interface SlackExportShape {
  channels: number
  /** People in `users.json`; default: a quarter of the channels, at least 50. */
  users?: number
  /** Day files per channel; default 2. */
  daysPerChannel?: number
  /** Messages per day file; default 3. */
  messagesPerDay?: number
}

/**
 * A Slack export folder shaped as a big workspace's: public channels in
 * `channels.json` (each with a `members` array of 40 people, `#general`
 * listing everyone), private channels in `groups.json`, direct and group
 * messages in `dms.json` and `mpims.json` (folders named by id), channels
 * named like the root files (`users`, `channels`), a pinned message, and
 * messages whose authors left the workspace (not in `users.json`, named by
 * their `user_profile`), each channel over a few day files.
 */
export async function generateSlackExport(folder: string, shape: SlackExportShape): Promise<void> {
  const {channels} = shape
  const users = shape.users ?? Math.max(50, Math.floor(channels / 4))
  const days = shape.daysPerChannel ?? 2
  const perDay = shape.messagesPerDay ?? 3
  await rm(folder, {recursive: true, force: true})
  await mkdir(folder, {recursive: true})
  const userId = (index: number): string => `U${String(index).padStart(8, '0')}`
  const people = Array.from({length: users}, (_, index) => ({
    id: userId(index),
    name: `person${index}`,
    real_name: `Person ${index}`,
    is_bot: false,
    profile: {real_name: `Person ${index}`, display_name: index % 3 === 0 ? '' : `P${index}`}
  }))
  await writeFile(join(folder, 'users.json'), JSON.stringify(people))

  const lists: Record<'channels' | 'groups' | 'dms' | 'mpims', unknown[]> = {
    channels: [],
    groups: [],
    dms: [],
    mpims: []
  }
  const folders: Array<{folder: string; members: string[]}> = []
  for (let index = 0; index < channels; index++) {
    const slot = index % 10
    const list = slot < 6 ? 'channels' : slot < 7 ? 'groups' : slot < 9 ? 'dms' : 'mpims'
    const id = `${list === 'channels' ? 'C' : list === 'groups' ? 'G' : 'D'}${String(index).padStart(9, '0')}`
    const size = list === 'dms' ? 2 : list === 'mpims' ? 4 : index === 0 ? users : 40
    const members = Array.from({length: size}, (_, offset) => userId((index * 7 + offset) % users))
    // Two channels share their names with root files; DMs have no name and their folders are their ids.
    const name = index === 0 ? 'general' : index === 1 ? 'users' : index === 2 ? 'channels' : `channel-${index}`
    const record = {
      id,
      ...(list === 'dms' ? {user: members[0]} : {name}),
      created: 1_700_000_000 + index,
      creator: members[0],
      is_archived: index % 17 === 0,
      members,
      topic: {value: `Topic of <#${id}> for <@${members[0]}>`, creator: members[0], last_set: 0},
      purpose: {value: `Purpose ${index} &amp; more`, creator: members[0], last_set: 0},
      ...(index % 5 === 0 ? {pins: [{id: `${1_700_000_000 + index}.000100`, type: 'C', user: members[0]}]} : {})
    }
    lists[list].push(record)
    folders.push({folder: list === 'dms' || list === 'mpims' ? id : name, members})
  }
  for (const [list, records] of Object.entries(lists)) {
    await writeFile(join(folder, `${list}.json`), JSON.stringify(records))
  }

  for (const [index, {folder: name, members}] of folders.entries()) {
    const channelFolder = join(folder, name)
    await mkdir(channelFolder, {recursive: true})
    for (let day = 0; day < days; day++) {
      const date = new Date(Date.UTC(2024, 0, 1 + ((index + day) % 300)))
      const seconds = Math.floor(date.getTime() / 1000) + 3600
      const messages: unknown[] = []
      for (let at = 0; at < perDay; at++) {
        const author = members[at % members.length] ?? userId(0)
        // Every fourth author has left the workspace: users.json does not name them, their profile does.
        const gone = (index + at) % 4 === 0
        const user = gone ? `W${String(index).padStart(8, '0')}` : author
        const ts = `${seconds + at * 60}.${String(at + 1).padStart(6, '0')}`
        messages.push({
          type: 'message',
          user,
          ts,
          text: `Message ${at} of day ${day} in ${name}, for <@${author}> about *release* \`v${index}\``,
          user_profile: {real_name: `Former ${index}`, display_name: '', name: `former${index}`},
          ...(at === 0 ? {thread_ts: ts, reply_count: 1, reply_users: [author]} : {}),
          ...(at === 1 ? {thread_ts: `${seconds}.000001`, parent_user_id: author} : {}),
          ...(at === 2 ? {reactions: [{name: '+1', users: [author], count: 1}]} : {})
        })
      }
      if (day === 0 && index % 5 === 0)
        messages.push({
          type: 'message',
          subtype: 'pinned_item',
          user: members[0],
          ts: `${seconds + 3000}.000001`,
          text: `<@${members[0]}> pinned a message to this channel.`,
          item_type: 'C'
        })
      await writeFile(join(channelFolder, `${date.toISOString().slice(0, 10)}.json`), JSON.stringify(messages))
    }
  }
}
