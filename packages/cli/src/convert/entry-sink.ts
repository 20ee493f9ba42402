import type {NoteLink} from '@chatmark/core'
import type {InputEntry} from '../inputs/collect-inputs.js'
import type {Progress} from '../progress/progress-bar.js'
import type {NoteContent} from '../output/note-content.js'

/** An input to convert: a file or folder (in the main thread or a worker), or stdin (the main thread only). */
export type ConvertibleEntry = Extract<InputEntry, {kind: 'file' | 'folder' | 'stdin'}>

/** A note for the `-o` folder: its file name, conversation id, text and index link. */
export interface FolderNote {
  /** The input it comes from, as named on the command line. */
  input: string
  name: string
  id: string
  content: NoteContent
  /** What the index lists of it; none for a page after a note's first (`RenderOptions.pageChars`). */
  link?: NoteLink
}

/**
 * Where converting an input sends what it makes, in order. The main thread
 * writes it out; a worker posts it to the main thread, which writes it out in
 * the order of the inputs (see `convertInPool`), so a run with workers prints
 * and names exactly what a run without them does.
 */
export interface EntrySink {
  /** Report text for stdout: `--list` and `--explain` lines, `--json` pieces. */
  stdout(chunks: Iterable<string>): Promise<void>
  stderr(text: string): void
  /** A note printed on stdout (the sink separates notes and escapes control characters for a terminal). */
  print(chunks: Iterable<string>): Promise<void>
  /** A note for the `-o` folder. Resolves once it is written; a note that cannot be written is the sink's to report. */
  note(note: FolderNote): Promise<void>
  /** A conversation matched `--only` (or every one does, without it). */
  matched(): void
  /** The input failed, or part of it: the run's exit status is 1. */
  failed(): void
  /** Whether stdout's reader has gone: then reading stops. */
  closed(): boolean
  progress(name: string): Progress
}
