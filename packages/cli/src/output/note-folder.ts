import {constants} from 'node:fs'
import {access, mkdir, stat} from 'node:fs/promises'
import {resolve} from 'node:path'
import type {NoteLink, NoteWriter} from '@chatmark/core'
import {indexNoteId, removeStaleTemporaries, syncFolder} from '@chatmark/core'
import {UsageError} from '../base/usage-error.js'
import {folderLinks} from './folder-links.js'
import type {NoteContent} from './note-content.js'
import {reasonOf} from './reason-of.js'
import type {TakenNames} from './taken-names.js'
import type {StagedNote, WrittenNote} from './write-note.js'

/** Writes notes (and an index page) into a folder, and says where each went. */
export interface FolderWriter {
  /** Writes a note's text to a temporary file (see `stageNote`); several may at once. */
  stage(name: string, content: NoteContent): Promise<StagedNote>
  /** Names a staged note (see `placeNote`), one at a time, in order. */
  place(staged: StagedNote, name: string, id: string, taken: TakenNames): Promise<WrittenNote>
  /** Removes a staged note that is not to be named. */
  discard(staged: StagedNote): void
  /**
   * Syncs the folder, once, if a note was written into it; with `run`,
   * removes the temporary files that run's workers left (it stopped early).
   */
  finish(run?: string): Promise<void>
  index(chunks: Iterable<string>, taken: TakenNames): Promise<WrittenNote>
  /** What an index lists of every note in the folder, this run's and earlier ones' (see `folderLinks`). */
  links(): Promise<NoteLink[]>
}

/**
 * `-o`: writes `writer`'s notes into `dir` (resolved against `cwd`, created if
 * needed) as `dir/<name><extension>`, and its index page as `dir/index<extension>`.
 * Temporary files that killed runs left there are removed first.
 *
 * @throws {UsageError} when `dir` is not a folder and cannot be made one, or cannot be written to.
 */
export async function noteWriter(dir: string, cwd: string, writer: NoteWriter): Promise<FolderWriter> {
  const [{discardStaged, placeNote, settleNote, stageNote, writeNote}, {writtenNotes}] = await Promise.all([
    import('./write-note.js'),
    import('./written-notes.js')
  ])
  const base = resolve(cwd, dir)
  await outputFolder(dir, base)
  await removeStaleTemporaries(base)
  const folder = {dir, cwd, written: await writtenNotes(base)}
  const noteId = writer.noteId?.bind(writer)
  let wrote = false
  return {
    stage: (name, content) =>
      'failed' in content
        ? Promise.reject(Object.assign(new Error(content.failed.message), {code: content.failed.code}))
        : 'staged' in content
          ? settleNote(base, name, content.staged)
          : stageNote(base, name, content),
    async place(staged, name, id, taken) {
      const {written, ...note} = await placeNote(folder, staged, name, id, taken, noteId)
      wrote ||= written
      return note
    },
    discard: discardStaged,
    async finish(run) {
      await folder.written.close()
      if (run !== undefined) await removeStaleTemporaries(base, Date.now(), run)
      if (wrote) await syncFolder(base)
      wrote = false
    },
    index: (chunks, taken) => writeNote(folder, `index${writer.extension}`, indexNoteId, chunks, taken, noteId),
    links: () => folderLinks(base, writer)
  }
}

/** Makes `base` (the `-o` folder `dir`) a writable folder, or says why it cannot be one. */
async function outputFolder(dir: string, base: string): Promise<void> {
  const info = await stat(base).catch(() => undefined)
  if (info !== undefined && !info.isDirectory()) throw new UsageError(`-o ${dir}: is a file, not a folder`)
  try {
    await mkdir(base, {recursive: true})
    await access(base, constants.W_OK | constants.X_OK)
  } catch (error) {
    const code = (error as {code?: unknown}).code
    const reason =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? 'a part of the path is a file'
          : reasonOf(error)
    throw new UsageError(`-o ${dir}: cannot write notes there: ${reason}`)
  }
}
