import {createHash} from 'node:crypto'
import {createReadStream} from 'node:fs'
import {statSync} from 'node:fs'
import {readdir, stat} from 'node:fs/promises'
import {join, relative} from 'node:path'
import type {SourceToRead} from './read-sources.js'
import {reasonOf} from './read-sources.js'
import type {SourceRecord} from './vault-state.js'

/** What is known of a source that changed, before it is read. */
export interface Changed {
  info: {size: number; mtimeMs: number}
  sha256: string | undefined
  companions: SourceRecord['companions']
}

/** What {@link changedSource} needs besides the source. */
export interface ChangeCheck {
  /** Files that belong to a source (a Claude Code session's subagent transcripts). */
  companions: (path: string) => Promise<string[]>
  /** Whether a conversation's note waits for an edit that could not be merged (its source is read again). */
  pending: (id: string) => boolean
  /** Read it whatever (the options that render notes changed). */
  force: boolean
}

/**
 * Whether a source changed since the last run: a failure (it cannot be
 * read), its record when it did not change (by size and time, else by hash),
 * else what is known of it so far. An unchanged file whose time moved gets
 * its new time in its record, so the next run need not hash it.
 */
export async function changedSource(
  source: SourceToRead,
  record: SourceRecord | undefined,
  check: ChangeCheck
): Promise<Changed | {unchanged: SourceRecord} | {failed: string}> {
  const file = source.path
  let info: {size: number; mtimeMs: number; sha256?: string}
  let companions: SourceRecord['companions']
  try {
    if (source.folder) info = await folderPrint(file)
    else {
      // Blocking: a no-change sync asks this of thousands of sources, and a trip through libuv's thread pool
      // costs more than the call (nothing else runs while sources are checked).
      const found = statSync(file)
      if (!found.isFile()) return {failed: 'not a file'}
      info = {size: found.size, mtimeMs: found.mtimeMs}
    }
    // Asked every run: a companion may appear while its source stays as it was (a write-ahead log).
    companions = await companionsOf(file, check.companions)
  } catch (error) {
    return {failed: reasonOf(error)}
  }
  // A note whose edits could not be merged is tried again every run: the person may have resolved it.
  const pending = record?.conversations.some(check.pending) === true
  // A file skipped when found in a folder is read when it is named.
  const skippedThen = record?.skipped !== undefined && !source.strict
  const same =
    record !== undefined &&
    !check.force &&
    !record.partial &&
    !pending &&
    !skippedThen &&
    sameCompanions(record.companions, companions)
  if (same && record.size === info.size && record.mtimeMs === info.mtimeMs) return {unchanged: record}
  // A source seen for the first time is read whatever it holds: it is not hashed (on a first sync, that would
  // read every file once more than converting it does). One whose size or time moved is, so that a file touched
  // but not changed is not read again. One read again for another reason (an edit waiting to be merged) keeps
  // the hash it has.
  let sha256 = info.sha256
  if (sha256 === undefined && record) {
    const moved = record.size !== info.size || record.mtimeMs !== info.mtimeMs
    sha256 = moved ? await hashFile(file).catch(() => undefined) : record.sha256
  }
  if (same && sha256 === record.sha256) {
    record.mtimeMs = info.mtimeMs
    return {unchanged: record}
  }
  return {info: {size: info.size, mtimeMs: info.mtimeMs}, sha256, companions}
}

/**
 * What stands for a folder input's size, time and hash: the sum of its
 * files' sizes, the latest of their times, and the SHA-256 of the list of
 * its files with their sizes and times (a folder of JSON files changes when
 * any of them does; reading every file each run to hash it would cost what
 * reading the input costs).
 */
async function folderPrint(folder: string): Promise<{size: number; mtimeMs: number; sha256: string}> {
  const info = await stat(folder)
  if (!info.isDirectory()) throw new Error('not a folder')
  const hash = createHash('sha256')
  let size = 0
  let mtimeMs = 0
  const entries = await readdir(folder, {recursive: true, withFileTypes: true})
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
  for (const path of files) {
    const file = await stat(path).catch(() => undefined)
    if (!file) continue
    size += file.size
    mtimeMs = Math.max(mtimeMs, file.mtimeMs)
    hash.update(`${relative(folder, path)}\t${file.size}\t${file.mtimeMs}\n`)
  }
  return {size, mtimeMs, sha256: hash.digest('hex')}
}

async function companionsOf(
  file: string,
  find: (path: string) => Promise<string[]>
): Promise<SourceRecord['companions']> {
  const paths = await find(file)
  if (paths.length === 0) return undefined
  const result: NonNullable<SourceRecord['companions']> = {}
  for (const path of [...paths].sort()) {
    const info = await stat(path).catch(() => undefined)
    if (info) result[path] = {size: info.size, mtimeMs: info.mtimeMs}
  }
  return result
}

function sameCompanions(a: SourceRecord['companions'], b: SourceRecord['companions']): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {})
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
