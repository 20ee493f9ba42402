import type {Stats} from 'node:fs'
import {lstat} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import type {ParseContext} from '@chatmark/core/read'
import {inputFromPath, readJsonDocument} from '@chatmark/core/read'
import {channelsByFolder} from './channels-by-folder.js'
import type {ChannelInfo, Member, Names} from './resolve-names.js'
import {addChannels, addMembers} from './resolve-names.js'
import {channelFiles, userFiles} from './types.js'

/** What a lone day file is named by: the names of its export, and its channels by folder. */
export interface Directory {
  names: Names
  byFolder: ReadonlyMap<string, ChannelInfo>
}

/**
 * The directory read for the last lone day file, kept for the next: the day
 * files of one export, given one by one (`chatmark export/*\/*.json`), each
 * read all of its root files, which grow with its channels and people:
 * quadratic in the size of the export.
 */
export interface DirectoryCache {
  last?: {
    /** The root files read, by path, inode, size and times: the same files give the same names. */
    key: string
    directory: Directory
    /** The problems met reading them, reported again to every day file that uses them. */
    problems: string[]
  }
}

/**
 * The names of an export that a lone day file belongs to: the root files
 * (`users.json`, `channels.json`…) beside the day file or one folder up
 * (where they sit in an unpacked export). Only regular files are read,
 * never symbolic links; a file that cannot be read is reported and skipped.
 * The files read for the day file before, unchanged, are not read again.
 */
export async function namesNear(path: string, context: ParseContext, cache: DirectoryCache = {}): Promise<Directory> {
  const folders = [dirname(path), dirname(dirname(path))]
  const found: Array<{name: string; path: string; info: Stats}> = []
  for (const name of [...userFiles, ...channelFiles]) {
    for (const folder of folders) {
      const candidate = join(folder, name)
      const info = await lstat(candidate).catch(() => undefined)
      if (!info?.isFile()) continue
      found.push({name, path: candidate, info})
      break
    }
  }
  const key = found
    .map(({path, info}) => `${path}\0${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`)
    .join('\n')
  const problems: string[] = []
  const report = (problem: string): void => {
    context.file.message(problem, {ruleId: 'unreadable-root-file', source: 'chatmark:slack'})
  }
  if (cache.last?.key === key) {
    for (const problem of cache.last.problems) report(problem)
    return cache.last.directory
  }
  const members = new Map<string, Member>()
  const channels = new Map<string, ChannelInfo>()
  for (const {name, path: file} of found) {
    try {
      const document = await readJsonDocument(await inputFromPath(file), context.limits, `a JSON array (Slack ${name})`)
      if (userFiles.includes(name)) addMembers(members, document)
      else addChannels(channels, document, name.replace(/\.json$/, ''))
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      const problem = `Could not read ${file} (${detail}): ids it would name stay ids`
      problems.push(problem)
      report(problem)
    }
  }
  const directory: Directory = {names: {members, channels}, byFolder: channelsByFolder(channels)}
  cache.last = {key, directory, problems}
  return directory
}
