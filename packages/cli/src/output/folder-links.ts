import {open, readdir} from 'node:fs/promises'
import {join} from 'node:path'
import type {NoteLink, NoteWriter} from '@chatmark/core'

/** How much of a file's start holds what an index lists of it (a page's head, before its stylesheet). */
const headBytes = 16 * 1024

/**
 * What an index lists of every note `writer` wrote in folder `base` (`NoteWriter.noteLink`, read from each file's
 * start), with `href` its file name, in no order: an index is rebuilt from the whole folder, so a run over one
 * input keeps the pages earlier runs wrote in it. Files that are not such notes, the index itself and files that
 * cannot be read are left out.
 */
export async function folderLinks(base: string, writer: NoteWriter): Promise<NoteLink[]> {
  const read = writer.noteLink?.bind(writer)
  if (read === undefined) return []
  const names = (await readdir(base, {withFileTypes: true}))
    .filter((entry) => entry.isFile() && entry.name.endsWith(writer.extension))
    .map((entry) => entry.name)
    .filter((name) => name !== `index${writer.extension}`)
  const links: NoteLink[] = []
  const buffer = Buffer.alloc(headBytes)
  for (const name of names) {
    const head = await fileHead(join(base, name), buffer)
    const link = head === undefined ? undefined : read(head)
    if (link) links.push({...link, href: name})
  }
  return links
}

async function fileHead(path: string, buffer: Buffer): Promise<string | undefined> {
  try {
    const handle = await open(path, 'r')
    try {
      const {bytesRead} = await handle.read(buffer, 0, buffer.length, 0)
      return buffer.subarray(0, bytesRead).toString('utf8')
    } finally {
      await handle.close()
    }
  } catch {
    return undefined
  }
}
