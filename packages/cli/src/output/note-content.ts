import type {StagedNote} from './write-note.js'

/**
 * A note's text: rendered pieces; or, from a worker, its UTF-8 bytes (moved
 * rather than copied between threads, with their SHA-256 computed there), or
 * the temporary file the worker wrote it to, for this thread to name, or why
 * the worker could not write it there (`failed`: the error's message and code).
 */
export type NoteContent =
  | {chunks: Iterable<string>}
  | {bytes: Uint8Array; sha256: string}
  | {staged: StagedNote}
  | {failed: {message: string; code?: string}}
