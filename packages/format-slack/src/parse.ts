import {basename, dirname} from 'node:path'
import type {Conversation, Fidelity} from '@chatmark/core/model'
import type {Input, InputEntry, ParseContext} from '@chatmark/core/read'
import {entryInput, readJsonDocument, readJsonItems} from '@chatmark/core/read'
import type {Split} from './channel-conversation.js'
import {channelConversations} from './channel-conversation.js'
import {exportLayout} from './export-layout.js'
import {namesNear} from './names-near.js'
import {withProfileNames} from './profile-names.js'
import type {SlackMessage} from './message.js'
import {readMessage} from './message.js'
import type {ChannelInfo, Member, Names} from './resolve-names.js'
import {addChannels, addMembers} from './resolve-names.js'
import {dayFileName} from './types.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:slack'

/** What {@link parse} needs besides the context. */
export interface ParseSettings {
  /** Used when `context.options.slackSplit` is not `channel` or `day`. */
  split: Split
}

/**
 * Reads a Slack export (a folder or archive: `input.entries` is defined)
 * channel by channel, or one day file on its own, and yields one
 * conversation per channel (or per channel and day). Day files are streamed
 * record by record; a channel's messages are held until the channel is done.
 */
export async function* parse(
  input: Input,
  context: ParseContext,
  settings: ParseSettings
): AsyncGenerator<Conversation> {
  const option = context.options['slackSplit']
  const split: Split = option === 'channel' || option === 'day' ? option : settings.split
  if (input.entries && input.openEntry) yield* readExport(input, input.entries, context, split)
  else yield* readDayFile(input, context, split)
}

async function* readExport(
  input: Input,
  list: () => Promise<InputEntry[]>,
  context: ParseContext,
  split: Split
): AsyncGenerator<Conversation> {
  const layout = exportLayout(await list.call(input))
  if (layout.folders.size === 0) {
    throw new Error(
      `expected a Slack export (users.json or channels.json and channel folders of YYYY-MM-DD.json day files), ` +
        `found no day files in ${input.name}`
    )
  }
  const members = new Map<string, Member>()
  const channels = new Map<string, ChannelInfo>()
  for (const entry of layout.userFiles)
    addMembers(members, await readRootFile(input, entry, context, 'a JSON array of Slack users'))
  for (const entry of layout.channelFiles)
    addChannels(channels, await readRootFile(input, entry, context, `a JSON array of Slack ${entry.list}`), entry.list)
  const names: Names = {members, channels}

  // Channel folders are named by channel name; DM folders by conversation id.
  const byFolder = new Map<string, ChannelInfo>()
  for (const channel of channels.values()) {
    byFolder.set(channel.id, channel)
    if (channel.name && !byFolder.has(channel.name)) byFolder.set(channel.name, channel)
  }

  for (const [folder, days] of layout.folders) {
    const name = folder || basename(input.name)
    const fidelity: Fidelity = {}
    const messages: SlackMessage[] = []
    for (const day of days) {
      await readMessages(entryInput(input, day.path, day.size), context, day.day, messages, fidelity)
    }
    const info = byFolder.get(name)
    yield* channelConversations(
      messages,
      {
        folder: name,
        variant: 'slack-export',
        fidelity,
        ...(info ? {info} : {}),
        ...(input.path ? {path: input.path} : {})
      },
      withProfileNames(names, messages),
      split
    )
  }
}

async function* readDayFile(input: Input, context: ParseContext, split: Split): AsyncGenerator<Conversation> {
  const day = dayFileName.exec(basename(input.name))?.[1]
  const names = input.path ? await namesNear(input.path, context) : {members: new Map(), channels: new Map()}
  const folder = input.path ? basename(dirname(input.path)) : ''
  const fidelity: Fidelity = {}
  const messages: SlackMessage[] = []
  await readMessages(input, context, day, messages, fidelity, true)
  if (messages.length === 0 && (fidelity['unreadable-record'] ?? 0) > 0) {
    throw new Error(
      'expected a Slack day file (a JSON array of {type: "message", ts: "<seconds>.<sequence>"} records), found no ' +
        'such record'
    )
  }
  const info = [...names.channels.values()].find((channel) => channel.name === folder || channel.id === folder)
  yield* channelConversations(
    messages,
    {
      folder,
      variant: 'slack-day-file',
      fidelity,
      ...(day ? {day} : {}),
      ...(info ? {info} : {}),
      ...(input.path ? {path: input.path} : {})
    },
    withProfileNames(names, messages),
    // One day is one note either way.
    split === 'day' && !day ? 'day' : 'channel'
  )
}

/** Streams one day file's records into `messages`; a record that is not a message, or a file that breaks off, is ' +
  'counted and reported. */
async function readMessages(
  input: Input,
  context: ParseContext,
  day: string | undefined,
  messages: SlackMessage[],
  fidelity: Fidelity,
  alone = false
): Promise<void> {
  try {
    for await (const {value} of readJsonItems(input, {
      file: context.file,
      limits: context.limits,
      source: messageSource
    })) {
      const message = readMessage(value, day)
      if (message) messages.push(message)
      else fidelity['unreadable-record'] = (fidelity['unreadable-record'] ?? 0) + 1
    }
  } catch (error) {
    if (alone) throw error
    const detail = error instanceof Error ? error.message : String(error)
    context.file.message(`Could not read the day file ${input.name} (${detail}): its messages are left out`, {
      ruleId: 'unreadable-day-file',
      source: messageSource
    })
    fidelity['unreadable-day-file'] = (fidelity['unreadable-day-file'] ?? 0) + 1
  }
}

async function readRootFile(
  input: Input,
  entry: InputEntry,
  context: ParseContext,
  expected: string
): Promise<unknown> {
  try {
    return await readJsonDocument(entryInput(input, entry.path, entry.size), context.limits, expected)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    context.file.message(`Could not read ${entry.path} (${detail}): ids it would name stay ids`, {
      ruleId: 'unreadable-root-file',
      source: messageSource
    })
    return undefined
  }
}
