import {createHash} from 'node:crypto'
import type {Stats} from 'node:fs'
import {closeSync, constants, fsync, linkSync, lstatSync, openSync, renameSync, unlinkSync, writeSync} from 'node:fs'
import type {FileHandle} from 'node:fs/promises'
import {chmod, open, rename} from 'node:fs/promises'
import {join, resolve} from 'node:path'
import {promisify} from 'node:util'
import {numberedFileName, openTemporaryFile, syncFolder} from '@chatmark/core'
import type {TakenNames} from './taken-names.js'
import type {WrittenNotes} from './written-notes.js'

/**
 * Rendered pieces are gathered into writes of about this many characters. Not more: a page's pieces are strings
 * made by concatenation, each holding every small string it was made of until it is written, and a megabyte of
 * them outlived V8's young generation, to be collected late from the old one (figures: BENCHMARKS.md, issue 28).
 */
const writeChars = 64 * 1024

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

const fsyncFd = promisify(fsync)

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
  taken: TakenNames,
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
  /**
   * The temporary file, still open, until {@link settleNote} syncs (or not)
   * and closes it, in the thread that staged it: Node closes the descriptors
   * a worker opened when it exits, so a number never crosses threads.
   */
  fd?: number
}

/**
 * The first half of {@link writeNote}, which notes may do side by side: writes
 * the text to a temporary file of the folder (`base`), then settles it (see
 * {@link settleNote}) unless `settle` is false (a worker thread's note: the
 * main thread settles it, side by side with others, while the worker goes on).
 * The file is written with synchronous calls: for a note of a few kilobytes,
 * a trip through libuv's thread pool per call cost more than the call, and
 * the pool is busy with fsyncs (the 200 MB export: about 6,000 notes).
 */
export async function stageNote(
  base: string,
  name: string,
  content: {chunks: Iterable<string>} | {bytes: Uint8Array; sha256: string},
  options: {run?: string | undefined; settle?: boolean} = {}
): Promise<StagedNote> {
  const {path, fd} = openTemporaryFile(base, options.run)
  let sha256: string
  try {
    if ('bytes' in content) {
      writeBytes(fd, content.bytes)
      sha256 = content.sha256
    } else sha256 = writeAll(fd, content.chunks)
    // Another thread settles it; a worker thread closes what it opened as it exits, so the number is no use there.
    if (options.settle === false) closeSync(fd)
  } catch (error) {
    closeQuietly(fd)
    unlinkQuietly(path)
    throw error
  }
  if (options.settle === false) return {path, sha256, synced: false}
  return settleNote(base, name, {path, sha256, synced: false, fd})
}

/**
 * Syncs a staged note now when `name` is free (it is going to be a new note),
 * so that the syncs of notes written side by side overlap; a note that turns
 * out unchanged on a re-run is never synced. The temporary file is closed, and
 * removed if this fails.
 */
export async function settleNote(base: string, name: string, staged: StagedNote): Promise<StagedNote> {
  try {
    if (lstatSync(join(base, name), {throwIfNoEntry: false}) === undefined) await syncStaged(staged)
    return staged
  } catch (error) {
    unlinkQuietly(staged.path)
    throw error
  } finally {
    closeStaged(staged)
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
  taken: TakenNames,
  noteId?: NoteIdReader
): Promise<WrittenNote & {written: boolean}> {
  const base = resolve(folder.cwd, folder.dir)
  const {sha256} = staged
  try {
    let kept: string | undefined
    for (let attempt = taken.from(name); ; attempt++) {
      const candidate = numberedFileName(name, attempt)
      const path = join(folder.dir, candidate)
      if (taken.has(path)) {
        taken.passed(name, attempt)
        continue
      }
      const record = (): void => {
        if (folder.written.hashOf(candidate) !== sha256) folder.written.record(candidate, sha256)
      }
      const writtenHash = folder.written.hashOf(candidate)
      const outcome = await claim(staged, join(base, candidate), sha256, id, noteId, writtenHash, record)
      if (outcome === 'taken') continue
      if (outcome === 'edited') {
        kept ??= path
        continue
      }
      taken.add(path)
      taken.passed(name, attempt)
      if (outcome === 'unchanged') record()
      const written = outcome === 'written'
      return kept === undefined ? {path, written} : {path, kept, written}
    }
  } finally {
    closeStaged(staged)
    unlinkQuietly(staged.path)
  }
}

/**
 * Tries to give the note `target`: `'written'` when it has it, `'unchanged'`
 * when it already held this very text, `'taken'` when the name is someone else's, `'edited'`
 * when it holds this conversation as someone changed it. A note written is
 * recorded in the ledger (`record`) as it takes the name, so that a ledger
 * that cannot be written (a full disk) leaves no note it does not know: a
 * later run would keep that one as someone's edit and write the note again beside it.
 */
async function claim(
  staged: StagedNote,
  target: string,
  sha256: string,
  id: string,
  noteId: NoteIdReader | undefined,
  writtenHash: string | undefined,
  record: () => void
): Promise<'written' | 'unchanged' | 'taken' | 'edited'> {
  // Synced already because the name was free when it was staged: try the name at once (`link` takes nothing
  // that is there); only a name that turns out taken needs looking at.
  if (staged.synced && claimFree(staged.path, target)) return recordedOrUndone(target, record)
  const info: Stats | undefined = lstatSync(target, {throwIfNoEntry: false})
  if (info === undefined) {
    // Synced only now that it is going to be a note: a re-run that changes nothing syncs nothing.
    await syncStaged(staged)
    return claimFree(staged.path, target) ? recordedOrUndone(target, record) : 'taken'
  }
  if (!info.isFile()) return 'taken'
  const existing = await existingNote(target, id, noteId)
  if (existing === undefined) return 'taken'
  // The same text: nothing to do, and the file (its time, its mode) is left as it is.
  if (existing.sha256 === sha256) return 'unchanged'
  if (existing.sha256 !== writtenHash) return 'edited'
  await chmod(staged.path, existing.mode & 0o7777)
  await syncStaged(staged)
  // Recorded first: the note it replaces is chatmark's own, and stays so if the ledger cannot take the line.
  record()
  await rename(staged.path, target)
  return 'written'
}

/** `'written'` once the note just given the new name `target` is recorded; if it cannot be, the name is let go. */
function recordedOrUndone(target: string, record: () => void): 'written' {
  try {
    record()
  } catch (error) {
    unlinkQuietly(target)
    throw error
  }
  return 'written'
}

/** Removes a staged note that is not to be named (the run is stopping): closes and deletes its temporary file. */
export function discardStaged(staged: StagedNote): void {
  closeStaged(staged)
  unlinkQuietly(staged.path)
}

/** Syncs a staged note's file, unless it is synced already (opened again when staging closed it). */
async function syncStaged(staged: StagedNote): Promise<void> {
  if (staged.synced) return
  if (staged.fd !== undefined) await fsyncFd(staged.fd)
  else {
    // Opened and closed at once; only the fsync, which waits on the disk, goes to the thread pool.
    const fd = openSync(staged.path, constants.O_RDONLY | noFollow)
    try {
      await fsyncFd(fd)
    } finally {
      closeSync(fd)
    }
  }
  staged.synced = true
}

/** Closes a staged note's file if it is still open (see `StagedNote.fd`). */
function closeStaged(staged: StagedNote): void {
  if (staged.fd === undefined) return
  const {fd} = staged
  delete staged.fd
  closeQuietly(fd)
}

/** Gives the temporary file the free name `target`, unless someone takes it first (`false` then). */
function claimFree(temporary: string, target: string): boolean {
  try {
    linkSync(temporary, target)
    return true
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false
    if (!noHardLinks.has(String(codeOf(error)))) throw error
  }
  // No hard links here: an empty placeholder claims the name exclusively, and the note replaces it atomically.
  try {
    closeSync(openSync(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow, 0o666))
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false
    throw error
  }
  renameSync(temporary, target)
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
function writeAll(fd: number, chunks: Iterable<string>): string {
  const hash = createHash('sha256')
  let batch: string[] = []
  let size = 0
  for (const chunk of chunks) {
    batch.push(chunk)
    size += chunk.length
    if (size >= writeChars) {
      writeText(fd, batch.join(''), hash)
      batch = []
      size = 0
    }
  }
  writeText(fd, batch.join(''), hash)
  return hash.digest('hex')
}

function writeText(fd: number, text: string, hash: ReturnType<typeof createHash>): void {
  if (text === '') return
  const bytes = Buffer.from(text, 'utf8')
  hash.update(bytes)
  writeBytes(fd, bytes)
}

function writeBytes(fd: number, bytes: Uint8Array): void {
  // A write may take fewer bytes than it was given.
  for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset)
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd)
  } catch {
    // Closing is all that was left to do with it.
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // Already gone, or never to be removed by us: either way nothing is lost.
  }
}

function codeOf(error: unknown): unknown {
  return (error as {code?: unknown} | undefined)?.code
}
