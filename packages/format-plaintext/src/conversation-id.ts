import {createHash} from 'node:crypto'
import {basename, extname} from 'node:path'

/** Hex digits of the content hash used as an id. */
const hashDigits = 16

/** Hex digits of the head hash that tells same-named files apart. */
const headDigits = 8

/** How much of the start of a file its id depends on. */
export const idHeadBytes = 4096

/**
 * A plain-text conversation's id: the file's base name without its
 * extension, which links the note back to its source, and a short hash of
 * the file's first bytes, so two `chat.txt` in different folders are two
 * conversations (a later `-o` run replaces a note only when the id matches),
 * while a transcript that grows at its end keeps its id. `undefined` for
 * input without a usable path (stdin, a buffer); then the id is
 * {@link contentId}.
 */
export function conversationId(path: string | undefined, head: Uint8Array): string | undefined {
  const name = path === undefined ? '' : basename(path, extname(path))
  if (name === '' || name === '.' || name === '..') return undefined
  return `${name}-${createHash('sha256').update(head).digest('hex').slice(0, headDigits)}`
}

/** An id from the content's SHA-256 hex digest: its first 16 digits. */
export function contentId(digest: string): string {
  return digest.slice(0, hashDigits)
}
