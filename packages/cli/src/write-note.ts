import {createWriteStream} from 'node:fs'
import {once} from 'node:events'
import type {FileHandle} from 'node:fs/promises'
import {open, rename, writeFile} from 'node:fs/promises'
import {join, resolve} from 'node:path'
import {isRecord} from '@chatmark/core'
import {writeChunks} from './write-chunks.js'

/** Notes up to this size are written with one call; larger ones are streamed. */
const wholeWriteChars = 4 * 1024 * 1024

/** How much of an existing note is read to find the id in its frontmatter. */
const frontmatterBytes = 64 * 1024

/**
 * Writes a note's chunks into `dir` (resolved against `cwd`) under `name`,
 * atomically (temporary file, then rename). A file of that name that holds
 * another conversation is kept and the new note gets a numbered name; one that
 * holds the same conversation (same `id` in its frontmatter) is replaced, so
 * re-running updates notes.
 *
 * @returns the path written, as `dir/<name>`.
 */
export async function writeNote(
  {dir, cwd}: {dir: string; cwd: string},
  name: string,
  id: string,
  chunks: Iterable<string>,
  taken: Set<string>
): Promise<string> {
  const stem = name.replace(/\.md$/, '')
  for (let attempt = 1; ; attempt++) {
    const candidate = attempt === 1 ? name : `${stem}-${attempt}.md`
    const path = join(dir, candidate)
    if (taken.has(path)) continue
    const target = resolve(cwd, path)
    const existing = await existingId(target)
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

/** The id in an existing note's frontmatter; `'absent'` when there is no such file. */
async function existingId(path: string): Promise<string | undefined> {
  let handle: FileHandle
  try {
    handle = await open(path, 'r')
  } catch {
    return 'absent'
  }
  let head: string
  try {
    const buffer = Buffer.alloc(frontmatterBytes)
    const {bytesRead} = await handle.read(buffer, 0, frontmatterBytes, 0)
    head = buffer.subarray(0, bytesRead).toString('utf8')
  } finally {
    await handle.close()
  }
  return frontmatterId(head)
}

async function frontmatterId(markdown: string): Promise<string | undefined> {
  const end = markdown.startsWith('---\n') ? markdown.indexOf('\n---', 4) : -1
  if (end === -1) return undefined
  // The YAML parser is imported only here: a first run into an empty folder never needs it.
  // `default`: yaml is CommonJS, and a bundle's chunk of it exports only that.
  const {parse} = (await import('yaml')).default
  try {
    const data: unknown = parse(markdown.slice(4, end))
    const id = isRecord(data) ? data['id'] : undefined
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
  } catch {
    return undefined
  }
}
