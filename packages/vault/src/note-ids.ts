import {open} from 'node:fs/promises'
import {join} from 'node:path'
import {markdownWriter} from '@chatmark/core'
import {glob} from 'tinyglobby'

/** How much of a note is read to find its id. */
const headBytes = 64 * 1024

/**
 * The conversation id of every note in the vault, by path (relative, `/`),
 * from its frontmatter: how a note the person moved or renamed is found
 * again, and how a vault whose state was lost is taken up. Chatmark's own
 * folder, Obsidian's and its trash are left out.
 */
export async function noteIds(vault: string): Promise<Map<string, string>> {
  const paths = await glob(['**/*.md'], {
    cwd: vault,
    onlyFiles: true,
    followSymbolicLinks: false,
    dot: false,
    ignore: ['.chatmark/**', '.obsidian/**', '.trash/**'],
    expandDirectories: false
  })
  const ids = new Map<string, string>()
  for (const path of paths.sort()) {
    const id = await headId(join(vault, path))
    if (id !== undefined) ids.set(path, id)
  }
  return ids
}

async function headId(path: string): Promise<string | undefined> {
  try {
    const handle = await open(path, 'r')
    try {
      const buffer = Buffer.alloc(headBytes)
      const {bytesRead} = await handle.read(buffer, 0, headBytes, 0)
      return await markdownWriter.noteId?.(buffer.subarray(0, bytesRead).toString('utf8'))
    } finally {
      await handle.close()
    }
  } catch {
    return undefined
  }
}
