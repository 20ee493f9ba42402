import {createHash} from 'node:crypto'
import type {Stats} from 'node:fs'
import {constants} from 'node:fs'
import type {FileHandle} from 'node:fs/promises'
import {chmod, link, lstat, open, rename, unlink} from 'node:fs/promises'
import {join, resolve} from 'node:path'
import {createTemporaryFile, numberedFileName, syncFolder} from '@chatmark/core'
import type {WrittenNotes} from './written-notes.js'

/** Rendered pieces are gathered into writes of about this many characters. */
const writeChars = 1024 * 1024

/**
 * How much of an existing note is read first to find the id it holds (in its
 * frontmatter, its head). While no id is found, four times as much is read, up
 * to {@link maxHeadBytes}: a frontmatter can be longer (a title of 100,000
 * characters), and a note whose id went unread was written anew beside itself
 * on every run.
 */
const firstHeadBytes = 64 * 1024
const maxHeadBytes = 64 * 1024 * 1024

/** `O_NOFOLLOW` where the platform has it. */
const noFollow = constants.O_NOFOLLOW ?? 0

/** Errors of `link` on file systems without hard links (FAT, some network shares). */
const noHardLinks = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'])

/** Reads the conversation id a file holds from its head (`NoteWriter.noteId`). */
export type NoteIdReader = (head: string) => Promise<string | undefined>

/** Where notes go: `dir` as given (paths are printed so), resolved against `cwd`, and its ledger. */
export interface NoteFolder {
  dir: string
  cwd: string
  /** The hashes of the notes chatmark wrote there (`.chatmark-written`). */
  written: WrittenNotes
}

/** Where a note went, and the note of that conversation that was kept because someone changed it. */
export interface WrittenNote {
  path: string
  /** An earlier note of the same conversation, edited since chatmark wrote it: kept, and the note went beside it. */
  kept?: string
}

/**
 * Writes a note's chunks into the folder under `name` (or `name-2`,
 * `name-3`...). The text goes to a new temporary file first (see
 * `createTemporaryFile`), synced, then takes its name atomically:
 *
 * - a free name is claimed with a hard link, which fails if anyone (another
 *   run) took the name meanwhile; the next number is tried then;
 * - whatever is at a name and is not a regular file (a folder, a FIFO, a
 *   link) makes it taken, and is never opened or written through;
 * - a note of another conversation (by `noteId`) is kept;
 * - a note of the same conversation is replaced (keeping its file mode) only
 *   while it is the text chatmark wrote (its hash in the ledger); one that
 *   someone changed is kept, and the new note goes beside it (`kept`).
 *
 * Without `noteId`, an existing file is never replaced. The temporary file is
 * removed whatever happens.
 */
export async function writeNote(
  folder: NoteFolder,
  name: string,
  id: string,
  chunks: Iterable<string>,
  taken: Set<string>,
  noteId?: NoteIdReader
): Promise<WrittenNote> {
  const staged = await stageNote(resolve(folder.cwd, folder.dir), name, {chunks})
  const note = await placeNote(folder, staged, name, id, taken, noteId)
  if (note.written) await syncFolder(resolve(folder.cwd, folder.dir))
  return note.kept === undefined ? {path: note.path} : {path: note.path, kept: note.kept}
}

/**
 * A note's text in a temporary file of the folder (closed), waiting for
 * {@link placeNote} to give it its name. Plain data: a worker thread stages
 * notes, the main thread places them.
 */
export interface StagedNote {
  /** The temporary file, absolute. */
  path: string
  sha256: string
  /** Whether the temporary file is synced already. */
  synced: boolean
}

/**
 * The first half of {@link writeNote}, which notes may do side by side: writes
 * the text to a temporary file of the folder (`base`), then settles it (see
 * {@link settleNote}) unless `settle` is false (a worker thread's note: the
 * main thread settles it, side by side with others, while the worker goes on).
 */
export async function stageNote(
  base: string,
  name: string,
  content: {chunks: Iterable<string>} | {bytes: Uint8Array; sha256: string},
  options: {run?: string | undefined; settle?: boolean} = {}
): Promise<StagedNote> {
  const temporary = await createTemporaryFile(base, options.run)
  let sha256: string
  try {
    if ('bytes' in content) {
      await writeBytes(temporary.handle, content.bytes)
      sha256 = content.sha256
    } else sha256 = await writeAll(temporary.handle, content.chunks)
    await temporary.handle.close()
  } catch (error) {
    await temporary.handle.close().catch(() => undefined)
    await unlink(temporary.path).catch(() => undefined)
    throw error
  }
  const staged = {path: temporary.path, sha256, synced: false}
  return options.settle === false ? staged : settleNote(base, name, staged)
}

/**
 * Syncs a staged note now when `name` is free (it is going to be a new note),
 * so that the syncs of notes written side by side overlap; a note that turns
 * out unchanged on a re-run is never synced. Its temporary file is removed if
 * this fails.
 */
export async function settleNote(base: string, name: string, staged: StagedNote): Promise<StagedNote> {
  try {
    const free = await lstat(join(base, name)).then(
      () => false,
      (error: unknown) => codeOf(error) === 'ENOENT'
    )
    if (free) await syncStaged(staged)
    return staged
  } catch (error) {
    await unlink(staged.path).catch(() => undefined)
    throw error
  }
}

/**
 * Stages notes into `folder` (absolute), if there is one: a worker's half of
 * writing a note (see `postingSink`), its temporary files marked with the
 * main thread's `run` (see `temporaryRun`).
 */
export function stagingIn(
  folder: string | undefined,
  run: string | undefined
): ((name: string, content: {chunks: Iterable<string>}) => Promise<StagedNote>) | undefined {
  return folder === undefined ? undefined : (name, content) => stageNote(folder, name, content, {run, settle: false})
}

/**
 * The second half of {@link writeNote}, one note at a time and in order (the
 * numbering of names that clash depends on it): gives a staged note its name,
 * and removes the temporary file whatever happens. `written`: a file was
 * created or replaced, and the folder wants syncing.
 */
export async function placeNote(
  folder: NoteFolder,
  staged: StagedNote,
  name: string,
  id: string,
  taken: Set<string>,
  noteId?: NoteIdReader
): Promise<WrittenNote & {written: boolean}> {
  const base = resolve(folder.cwd, folder.dir)
  const {sha256} = staged
  try {
    let kept: string | undefined
    for (let attempt = 1; ; attempt++) {
      const candidate = numberedFileName(name, attempt)
      const path = join(folder.dir, candidate)
      if (taken.has(path)) continue
      const outcome = await claim(staged, join(base, candidate), sha256, id, noteId, folder.written.hashOf(candidate))
      if (outcome === 'taken') continue
      if (outcome === 'edited') {
        kept ??= path
        continue
      }
      taken.add(path)
      if (folder.written.hashOf(candidate) !== sha256) await folder.written.record(candidate, sha256)
      const written = outcome === 'written'
      return kept === undefined ? {path, written} : {path, kept, written}
    }
  } finally {
    await unlink(staged.path).catch(() => undefined)
  }
}

/**
 * Tries to give the note `target`: `'written'` when it has it, `'unchanged'`
 * when it already held this very text, `'taken'` when the name is someone else's, `'edited'`
 * when it holds this conversation as someone changed it.
 */
async function claim(
  staged: StagedNote,
  target: string,
  sha256: string,
  id: string,
  noteId: NoteIdReader | undefined,
  writtenHash: string | undefined
): Promise<'written' | 'unchanged' | 'taken' | 'edited'> {
  let info: Stats | undefined
  try {
    info = await lstat(target)
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error
  }
  if (info === undefined) {
    // Synced only now that it is going to be a note: a re-run that changes nothing syncs nothing.
    await syncStaged(staged)
    return (await claimFree(staged.path, target)) ? 'written' : 'taken'
  }
  if (!info.isFile()) return 'taken'
  const existing = await existingNote(target, id, noteId)
  if (existing === undefined) return 'taken'
  // The same text: nothing to do, and the file (its time, its mode) is left as it is.
  if (existing.sha256 === sha256) return 'unchanged'
  if (existing.sha256 !== writtenHash) return 'edited'
  await chmod(staged.path, existing.mode & 0o7777)
  await syncStaged(staged)
  await rename(staged.path, target)
  return 'written'
}

/** Syncs a staged note's file, unless it is synced already (opened again: staging closed it). */
async function syncStaged(staged: StagedNote): Promise<void> {
  if (staged.synced) return
  const handle = await open(staged.path, constants.O_RDONLY | noFollow)
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
  staged.synced = true
}

/** Gives the temporary file the free name `target`, unless someone takes it first (`false` then). */
async function claimFree(temporary: string, target: string): Promise<boolean> {
  try {
    await link(temporary, target)
    return true
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false
    if (!noHardLinks.has(String(codeOf(error)))) throw error
  }
  // No hard links here: an empty placeholder claims the name exclusively, and the note replaces it atomically.
  try {
    await (await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow, 0o666)).close()
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false
    throw error
  }
  await rename(temporary, target)
  return true
}

/**
 * The note at `target`, when it is a regular file (checked on the open file:
 * never a FIFO or a link) that holds conversation `id`: its hash and mode.
 */
async function existingNote(
  target: string,
  id: string,
  noteId: NoteIdReader | undefined
): Promise<{sha256: string; mode: number} | undefined> {
  let handle: FileHandle
  try {
    handle = await open(target, constants.O_RDONLY | constants.O_NONBLOCK | noFollow)
  } catch {
    return undefined
  }
  try {
    const info = await handle.stat()
    if (!info.isFile() || noteId === undefined) return undefined
    if ((await headId(handle, info.size, noteId)) !== id) return undefined
    const hash = createHash('sha256')
    const chunk = Buffer.allocUnsafe(Math.max(1, Math.min(writeChars, info.size)))
    for (let position = 0; ; ) {
      const {bytesRead: read} = await handle.read(chunk, 0, chunk.length, position)
      if (read === 0) break
      hash.update(chunk.subarray(0, read))
      position += read
    }
    return {sha256: hash.digest('hex'), mode: info.mode}
  } finally {
    await handle.close()
  }
}

/** The id in a note's head: read from its start, longer while none is found (see {@link firstHeadBytes}). */
async function headId(handle: FileHandle, size: number, noteId: NoteIdReader): Promise<string | undefined> {
  for (let length = firstHeadBytes; ; length *= 4) {
    const buffer = Buffer.alloc(Math.min(length, size, maxHeadBytes))
    const {bytesRead} = await handle.read(buffer, 0, buffer.length, 0)
    const found = await noteId(buffer.subarray(0, bytesRead).toString('utf8'))
    if (found !== undefined || bytesRead < length || length >= maxHeadBytes) return found
  }
}

/** Writes every chunk, in writes of about {@link writeChars}, and returns the text's SHA-256. */
async function writeAll(handle: FileHandle, chunks: Iterable<string>): Promise<string> {
  const hash = createHash('sha256')
  let batch: string[] = []
  let size = 0
  for (const chunk of chunks) {
    batch.push(chunk)
    size += chunk.length
    if (size >= writeChars) {
      await writeText(handle, batch.join(''), hash)
      batch = []
      size = 0
    }
  }
  await writeText(handle, batch.join(''), hash)
  return hash.digest('hex')
}

async function writeText(handle: FileHandle, text: string, hash: ReturnType<typeof createHash>): Promise<void> {
  if (text === '') return
  const bytes = Buffer.from(text, 'utf8')
  hash.update(bytes)
  await writeBytes(handle, bytes)
}

async function writeBytes(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  // A write may take fewer bytes than it was given.
  for (let offset = 0; offset < bytes.length; ) offset += (await handle.write(bytes, offset)).bytesWritten
}

function codeOf(error: unknown): unknown {
  return (error as {code?: unknown} | undefined)?.code
}
