import {lstat} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import type {ParseContext} from '@chatmark/core/read'
import {inputFromPath, readJsonDocument} from '@chatmark/core/read'
import type {ChannelInfo, Member, Names} from './resolve-names.js'
import {addChannels, addMembers} from './resolve-names.js'
import {channelFiles, userFiles} from './types.js'

/**
 * The names of an export that a lone day file belongs to: the root files
 * (`users.json`, `channels.json`…) beside the day file or one folder up
 * (where they sit in an unpacked export). Only regular files are read,
 * never symbolic links; a file that cannot be read is reported and skipped.
 */
export async function namesNear(path: string, context: ParseContext): Promise<Names> {
  const folders = [dirname(path), dirname(dirname(path))]
  const members = new Map<string, Member>()
  const channels = new Map<string, ChannelInfo>()
  for (const name of [...userFiles, ...channelFiles]) {
    for (const folder of folders) {
      const candidate = join(folder, name)
      const info = await lstat(candidate).catch(() => undefined)
      if (!info?.isFile()) continue
      try {
        const document = await readJsonDocument(
          await inputFromPath(candidate),
          context.limits,
          `a JSON array (Slack ${name})`
        )
        if (userFiles.includes(name)) addMembers(members, document)
        else addChannels(channels, document, name.replace(/\.json$/, ''))
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error)
        context.file.message(`Could not read ${candidate} (${detail}): ids it would name stay ids`, {
          ruleId: 'unreadable-root-file',
          source: 'chatmark:slack'
        })
      }
      break
    }
  }
  return {members, channels}
}
