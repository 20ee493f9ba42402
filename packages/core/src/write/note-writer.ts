import type {Conversation} from '../model/model.js'
import type {RenderOptions} from '../render/render-options.js'

/**
 * An output of chatmark: Markdown notes, HTML pages, the model as JSON. Every
 * writer renders the same conversations with the same render options; a new
 * output is one writer, registered by name (`chatmark --to <name>`), not a
 * second copy of the rendering decisions.
 *
 * @example
 *   for (const piece of writer.write(conversation, {timeZone: 'Europe/Berlin'})) stream.write(piece)
 */
export interface NoteWriter {
  /** Stable id, the value of `--to`: `markdown`, `html`, `json`. */
  readonly name: string
  /** The extension of the files it writes, with its dot: `.md`, `.html`, `.json`. */
  readonly extension: string
  /** One line of help: what the output is and who it is for. */
  readonly description: string
  /**
   * The text of one conversation, in pieces that join to the whole: a large
   * session is written as it is rendered, never held as one string.
   */
  write(conversation: Conversation, options?: RenderOptions): Iterable<string>
  /**
   * A page listing several notes (written as `index` plus the extension
   * beside them), for writers whose output has links. Its own id, as
   * {@link NoteWriter.noteId} reads it back, is {@link indexNoteId}.
   */
  index?(notes: readonly NoteLink[]): Iterable<string>
  /**
   * The id of the conversation held by a file this writer wrote, read from the
   * start of the file (its first 64 KiB); `undefined` when the text is not such
   * a file. Re-running replaces a note of the same conversation and keeps any
   * other file: without this, an existing file is never replaced.
   */
  noteId?(head: string): Promise<string | undefined>
  /**
   * What an index lists of a file this writer wrote, read from the start of
   * the file (its first 64 KiB), with `href` empty (the caller knows where
   * the file is); `undefined` for any other file, an index or a continuation
   * page. An index is then rebuilt from every note in the folder, not only
   * those of the run that writes it.
   */
  noteLink?(head: string): NoteLink | undefined
}

/** A note as an index page lists it. */
export interface NoteLink {
  /** Where the note is, relative to the index page (its file name). */
  href: string
  title: string
  /** When the conversation started (or was last updated), ISO-8601, when known. */
  date?: string
  /** The format it was read from, and its variant: `gemini (gemini-jsonl)`. */
  format: string
  /** The tool it comes from, as people call it (`Gemini CLI`), when known. */
  tool?: string
  /** The project (the folder the session worked in), when known. */
  project?: string
  turns: number
  /** Tokens the conversation used in all (`metadata.tokens.total`), when known. */
  tokens?: number
}

/** The id an index page holds, so that re-running replaces it (and keeps a file of that name that is not one). */
export const indexNoteId = 'chatmark:index'
