import type {InputEntry} from '@chatmark/core/read'
import {channelFiles, dayFileName, userFiles} from './types.js'

/** A day file of a channel folder. */
export interface DayFile {
  path: string
  /** `2024-03-04`. */
  day: string
  size?: number
}

/** Where things are in an export folder or archive. */
export interface ExportLayout {
  /** Root files that list users, by path. */
  userFiles: InputEntry[]
  /** Root files that list conversations, with their list name (`channels`...). */
  channelFiles: Array<InputEntry & {list: string}>
  /**
   * Channel folders by folder name (sorted), each with its day files by day.
   * `''` is the root itself (a single channel's folder).
   */
  folders: Map<string, DayFile[]>
}

/**
 * Finds the root files and channel folders of an export. The root is the
 * shallowest folder holding `users.json` or `channels.json` (an archive may
 * wrap everything in one top folder); without either, the container itself,
 * whose day files may also sit directly in it (one channel's folder).
 */
export function exportLayout(entries: readonly InputEntry[]): ExportLayout {
  const known = new Set([...userFiles, ...channelFiles])
  let base = ''
  let depth = Number.POSITIVE_INFINITY
  for (const entry of entries) {
    const slash = entry.path.lastIndexOf('/')
    const name = entry.path.slice(slash + 1)
    const level = entry.path.split('/').length
    if (known.has(name) && level < depth) {
      depth = level
      base = entry.path.slice(0, slash + 1)
    }
  }
  const layout: ExportLayout = {userFiles: [], channelFiles: [], folders: new Map()}
  for (const entry of entries) {
    if (!entry.path.startsWith(base)) continue
    const relative = entry.path.slice(base.length)
    const segments = relative.split('/')
    if (segments.length === 1) {
      if (userFiles.includes(relative)) layout.userFiles.push(entry)
      else if (channelFiles.includes(relative))
        layout.channelFiles.push({...entry, list: relative.replace(/\.json$/, '')})
    }
    if (segments.length > 2) continue
    const match = dayFileName.exec(segments.at(-1) ?? '')
    if (!match?.[1]) continue
    const folder = segments.length === 2 ? (segments[0] ?? '') : ''
    const day: DayFile = {path: entry.path, day: match[1], ...(entry.size === undefined ? {} : {size: entry.size})}
    const list = layout.folders.get(folder)
    if (list) list.push(day)
    else layout.folders.set(folder, [day])
  }
  layout.channelFiles.sort(
    (left, right) => channelFiles.indexOf(`${left.list}.json`) - channelFiles.indexOf(`${right.list}.json`)
  )
  for (const days of layout.folders.values())
    days.sort((left, right) => (left.day < right.day ? -1 : left.day > right.day ? 1 : 0))
  layout.folders = new Map([...layout.folders].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)))
  return layout
}
