import {createWriteStream} from 'node:fs'
import {once} from 'node:events'
import type {FileHandle} from 'node:fs/promises'
import {open, rename, writeFile} from 'node:fs/promises'
import {extname, join, resolve} from 'node:path'
import {writeChunks} from './write-chunks.js'

/** Notes up to this size are written with one call; larger ones are streamed. */
const wholeWriteChars = 4 * 1024 * 1024

/** How much of an existing note is read to find the id it holds (in its frontmatter, its head). */
const headBytes = 64 * 1024

/** Reads the conversation id a file holds from its head (`NoteWriter.noteId`). */
export type NoteIdReader = (head: string) => Promise<string | undefined>

/**
 * Writes a note's chunks into `dir` (resolved against `cwd`) under `name`,
 * atomically (temporary file, then rename). A file of that name that holds
 * another conversation (by `noteId`, the writer's reading of it) is kept and
 * the new note gets a numbered name; one that holds the same conversation is
 * replaced, so re-running updates notes. Without `noteId`, an existing file
 * is never replaced.
 *
 * @returns the path written, as `dir/<name>`.
 */
export async function writeNote(
  {dir, cwd}: {dir: string; cwd: string},
  name: string,
  id: string,
  chunks: Iterable<string>,
  taken: Set<string>,
  noteId?: NoteIdReader
): Promise<string> {
  const extension = extname(name)
  const stem = name.slice(0, name.length - extension.length)
  for (let attempt = 1; ; attempt++) {
    const candidate = attempt === 1 ? name : `${stem}-${attempt}${extension}`
    const path = join(dir, candidate)
    if (taken.has(path)) continue
    const target = resolve(cwd, path)
    const existing = await existingId(target, noteId)
    if (existing !== 'absent' && existing !== id) continue
    taken.add(path)
    const temporary = `${target}.tmp-${process.pid}`
    await writeAtomically(temporary, chunks)
    await rename(temporary, target)
    return path
  }
}

// An export turns into tens of thousands of small notes: most are written in
// one call, and only a large one pays for a stream.
async function writeAtomically(path: string, chunks: Iterable<string>): Promise<void> {
  const iterator = chunks[Symbol.iterator]()
  const head: string[] = []
  let size = 0
  for (let next = iterator.next(); ; next = iterator.next()) {
    if (next.done) {
      await writeFile(path, head.join(''))
      return
    }
    head.push(next.value)
    size += next.value.length
    if (size >= wholeWriteChars) break
  }
  const stream = createWriteStream(path)
  await writeChunks(stream, [head.join('')])
  await writeChunks(stream, {[Symbol.iterator]: () => iterator})
  stream.end()
  await once(stream, 'finish')
}

/** The id of the conversation in an existing file, by `noteId`; `'absent'` when there is no such file. */
async function existingId(path: string, noteId: NoteIdReader | undefined): Promise<string | undefined> {
  let handle: FileHandle
  try {
    handle = await open(path, 'r')
  } catch {
    return 'absent'
  }
  let head: string
  try {
    const buffer = Buffer.alloc(headBytes)
    const {bytesRead} = await handle.read(buffer, 0, headBytes, 0)
    head = buffer.subarray(0, bytesRead).toString('utf8')
  } finally {
    await handle.close()
  }
  return noteId?.(head)
}
