import {open, readdir} from 'node:fs/promises'
import {join} from 'node:path'
import {markdownWriter} from '@chatmark/core'
import {stateFolderName} from './state-folder.js'
import {plainText} from './note-style.js'

/** How much of a note is read to find its id. */
const headBytes = 64 * 1024

/** The notes of a vault by id, and the other vaults found inside it. */
export interface VaultNoteIds {
  /** The conversation id of every note, by path (relative, `/`), in path order. */
  ids: Map<string, string>
  /** Folders inside the vault with a `.chatmark` of their own (vault paths): other vaults, whose notes are theirs. */
  otherVaults: string[]
}

/**
 * The conversation id of every note in the vault, by path (relative, `/`),
 * from its frontmatter: how a note the person moved or renamed is found
 * again, and how a vault whose state was lost is taken up. Hidden folders
 * (chatmark's own, Obsidian's and its trash) and links are left out, and so
 * is any folder that is a vault of its own (a `.chatmark` folder in it): an
 * outer vault never takes an inner one's notes.
 */
export async function noteIds(vault: string): Promise<VaultNoteIds> {
  const found: VaultNoteIds = {ids: new Map(), otherVaults: []}
  const paths: string[] = []
  await walk(vault, '', paths, found.otherVaults)
  for (const path of paths.sort()) {
    const id = await headId(join(vault, ...path.split('/')))
    if (id !== undefined) found.ids.set(path, id)
  }
  return found
}

async function walk(vault: string, folder: string, paths: string[], otherVaults: string[]): Promise<void> {
  const entries = await readdir(join(vault, ...folder.split('/')), {withFileTypes: true}).catch(() => [])
  if (folder !== '' && entries.some((entry) => entry.name === stateFolderName && entry.isDirectory())) {
    otherVaults.push(folder)
    return
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`
    if (entry.isDirectory()) await walk(vault, path, paths, otherVaults)
    else if (entry.isFile() && entry.name.endsWith('.md')) paths.push(path)
  }
}

async function headId(path: string): Promise<string | undefined> {
  try {
    const handle = await open(path, 'r')
    try {
      const buffer = Buffer.alloc(headBytes)
      const {bytesRead} = await handle.read(buffer, 0, headBytes, 0)
      // A note an editor saved with a byte order mark or CRLF line endings is still the note of its id.
      return await markdownWriter.noteId?.(plainText(buffer.subarray(0, bytesRead).toString('utf8')))
    } finally {
      await handle.close()
    }
  } catch {
    return undefined
  }
}
