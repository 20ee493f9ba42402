import {basename, extname} from 'node:path'

/** Hex digits of the content hash used as an id. */
const hashDigits = 16

/**
 * The readable part of a plain-text conversation's id: the file's base name
 * without its extension, which links the note back to its source. `undefined`
 * for input without a usable path (stdin, a buffer); then the id is
 * {@link contentId}.
 */
export function conversationId(path: string | undefined): string | undefined {
  const name = path === undefined ? '' : basename(path, extname(path))
  return name === '' || name === '.' || name === '..' ? undefined : name
}

/** An id from the content's SHA-256 hex digest: its first 16 digits. */
export function contentId(digest: string): string {
  return digest.slice(0, hashDigits)
}
