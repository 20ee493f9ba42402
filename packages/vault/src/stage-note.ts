import {closeSync, constants, existsSync, fsyncSync, mkdirSync, unlinkSync, writeSync} from 'node:fs'
import {open} from 'node:fs/promises'
import {join} from 'node:path'
import {gzipSync} from 'node:zlib'
import {openTemporaryFile} from '@chatmark/core'
import type {PreparedNote} from './prepare-note.js'

/** Where a note's text is put before the thread that places notes gives it its place (see {@link stageNote}). */
export interface Staging {
  /** The vault's `.chatmark/staging` folder, absolute. */
  folder: string
  /** The vault's `.chatmark/base` folder, absolute. */
  bases: string
  /** The run's mark, which starts the temporary files' names (see `temporaryRun`). */
  run: string
  /** Sync the staged text to disk here; otherwise whoever places it does (`syncStaged`), side by side with others. */
  sync: boolean
}

/** Base texts are gzipped fast: they are read only to merge an edited note, and a first sync writes thousands. */
export const baseGzipLevel = 1

const madeFolders = new Set<string>()

/**
 * Writes a prepared note's text to a temporary file of the vault's staging
 * folder, and its base text (the same text) gzipped beside it unless
 * `.chatmark/base/` has it, then gives the note without its text: the thread that
 * places notes links the staged file into place (or reads it, to merge) and
 * never holds the text of a new note. Blocking calls (a worker thread's, as
 * `chatmark -o` writes notes); the base is not synced (a base lost in a power
 * cut makes the next merge of that note a keep-beside).
 */
export function stageNote(note: PreparedNote, staging: Staging): PreparedNote {
  const text = note.text
  if (text === undefined) return note
  for (const folder of [staging.folder, staging.bases]) {
    if (madeFolders.has(folder)) continue
    mkdirSync(folder, {recursive: true})
    madeFolders.add(folder)
  }
  // The base, gzipped here too, is staged beside the text: the placing thread keeps it only if the note is
  // written (a note kept as the person left it keeps its old base, and nothing of this one stays).
  const kept = existsSync(join(staging.bases, `${note.sha256}.md.gz`))
  const stagedBase = kept
    ? undefined
    : writeWhole(staging.folder, staging.run, gzipSync(text, {level: baseGzipLevel}), false)
  const staged = writeWhole(staging.folder, staging.run, text, staging.sync)
  const {text: _, ...rest} = note
  return {...rest, staged, ...(stagedBase === undefined ? {} : {stagedBase})}
}

/** Writes a new temporary file of `folder`; its path. */
function writeWhole(folder: string, run: string, data: string | Uint8Array, sync: boolean): string {
  const {path, fd} = openTemporaryFile(folder, run)
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset)
    if (sync) fsyncSync(fd)
  } catch (error) {
    closeSync(fd)
    unlinkSync(path)
    throw error
  }
  closeSync(fd)
  return path
}

/**
 * Syncs a staged note's file to disk (opened again, read-only, without
 * following a link): the thread that places notes starts this as each
 * arrives, so that the syncs of many overlap rather than wait in turn.
 */
export async function syncStaged(path: string): Promise<void> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
