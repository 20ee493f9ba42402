import {basename, dirname} from 'node:path'
import type {Conversation, Fidelity} from '@chatmark/core/model'
import type {Input, InputEntry, ParseContext} from '@chatmark/core/read'
import {entryInput, readJsonDocument, readJsonItems} from '@chatmark/core/read'
import type {Split} from './channel-conversation.js'
import type {DaySource} from './channel-parts.js'
import {channelParts} from './channel-parts.js'
import {exportLayout} from './export-layout.js'
import {channelsByFolder} from './channels-by-folder.js'
import type {Directory, DirectoryCache} from './names-near.js'
import {namesNear} from './names-near.js'
import type {SlackMessage} from './message.js'
import {readMessage} from './message.js'
import type {ChannelInfo, Member, Names} from './resolve-names.js'
import {addChannels, addMembers, noNames} from './resolve-names.js'
import {dayFileName} from './types.js'
import type {ResolvedOptions} from './options.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:slack'

/** What {@link parse} needs besides the context: what a plugin instance keeps from one read to the next. */
export interface ParseSettings {
  /** The names read for the last lone day file, for the next one of the same export (see `namesNear`). */
  directories?: DirectoryCache
}

/**
 * Reads a Slack export (a folder or archive: `input.entries` is defined)
 * channel by channel, or one day file on its own, and yields one
 * conversation per channel (or per channel and day). Day files are streamed
 * record by record; a channel's messages are held until the channel (or its
 * part, past `partMessages` messages: see `channelParts`) is done.
 */
export async function* parse(
  input: Input,
  context: ParseContext<ResolvedOptions>,
  settings: ParseSettings
): AsyncGenerator<Conversation> {
  const cut: Cut = {split: context.options.slackSplit, partMessages: Math.floor(context.options.slackPartMessages)}
  if (input.entries && input.openEntry) yield* readExport(input, input.entries, context, cut)
  else yield* readDayFile(input, context, cut, settings.directories)
}

/** A day file read from stdin: no export around it. */
const noDirectory: Directory = {names: noNames, byFolder: new Map()}

/** How a channel is cut into notes. */
interface Cut {
  split: Split
  partMessages: number
}

async function* readExport(
  input: Input,
  list: () => Promise<InputEntry[]>,
  context: ParseContext,
  cut: Cut
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

  const byFolder = channelsByFolder(channels)

  for (const [folder, days] of layout.folders) {
    const name = folder || basename(input.name)
    const info = byFolder.get(name)
    yield* channelParts(
      days.map((day) => ({input: entryInput(input, day.path, day.size), day: day.day})),
      {
        channel: {
          folder: name,
          variant: 'slack-export',
          ...(info ? {info} : {}),
          ...(input.path ? {path: input.path} : {})
        },
        names,
        ...cut,
        read: (day, fidelity) => dayMessages(day, context, fidelity)
      }
    )
  }
}

async function* readDayFile(
  input: Input,
  context: ParseContext,
  cut: Cut,
  directories?: DirectoryCache
): AsyncGenerator<Conversation> {
  const day = dayFileName.exec(basename(input.name))?.[1]
  const {names, byFolder} = input.path ? await namesNear(input.path, context, directories) : noDirectory
  const folder = input.path ? basename(dirname(input.path)) : ''
  const info = byFolder.get(folder)
  yield* channelParts([{input, ...(day ? {day} : {})}], {
    channel: {
      folder,
      variant: 'slack-day-file',
      ...(day ? {day} : {}),
      ...(info ? {info} : {}),
      ...(input.path ? {path: input.path} : {})
    },
    names,
    // One day is one note either way.
    split: cut.split === 'day' && !day ? 'day' : 'channel',
    partMessages: cut.partMessages,
    async *read(source, fidelity) {
      let read = 0
      for await (const message of dayMessages(source, context, fidelity, true)) {
        read++
        yield message
      }
      if (read === 0 && (fidelity['unreadable-record'] ?? 0) > 0) {
        throw new Error(
          'expected a Slack day file (a JSON array of {type: "message", ts: "<seconds>.<sequence>"} records), found ' +
            'no such record'
        )
      }
    }
  })
}

/**
 * Streams one day file's messages; a record that is not a message is counted
 * in `fidelity`, and a file that cannot be read is reported and counted (or,
 * read `alone`, fails the input).
 */
async function* dayMessages(
  source: DaySource,
  context: ParseContext,
  fidelity: Fidelity,
  alone = false
): AsyncGenerator<SlackMessage> {
  const {input, day} = source
  try {
    for await (const {value} of readJsonItems(input, {
      file: context.file,
      limits: context.limits,
      source: messageSource
    })) {
      const message = readMessage(value, day)
      if (message) yield message
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
