import {createWriteStream} from 'node:fs'
import {once} from 'node:events'
import {readFile, rename} from 'node:fs/promises'
import {join} from 'node:path'
import {isRecord} from '@chatmark/core'
import {parse} from 'yaml'
import {writeChunks} from './write-chunks.js'

/**
 * Writes a note's chunks into `dir` under `name`, atomically (temporary file, then
 * rename). A file of that name that holds another conversation is kept and
 * the new note gets a numbered name; one that holds the same conversation
 * (same `id` in its frontmatter) is replaced, so re-running updates notes.
 *
 * @returns the path written.
 */
export async function writeNote(dir: string, name: string, id: string, chunks: Iterable<string>, taken: Set<string>): Promise<string> {
  const stem = name.replace(/\.md$/, '')
  for (let attempt = 1; ; attempt++) {
    const candidate = attempt === 1 ? name : `${stem}-${attempt}.md`
    const path = join(dir, candidate)
    if (taken.has(path)) continue
    const existing = await readFile(path, 'utf8').catch(() => undefined)
    if (existing !== undefined && frontmatterId(existing) !== id) continue
    taken.add(path)
    const temporary = `${path}.tmp-${process.pid}`
    const stream = createWriteStream(temporary)
    await writeChunks(stream, chunks)
    stream.end()
    await once(stream, 'finish')
    await rename(temporary, path)
    return path
  }
}

function frontmatterId(markdown: string): string | undefined {
  const end = markdown.startsWith('---\n') ? markdown.indexOf('\n---', 4) : -1
  if (end === -1) return undefined
  try {
    const data: unknown = parse(markdown.slice(4, end))
    const id = isRecord(data) ? data['id'] : undefined
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
  } catch {
    return undefined
  }
}
