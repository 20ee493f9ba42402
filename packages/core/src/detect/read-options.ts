import type {VFile} from 'vfile'
import type {Detection} from './dispatch.js'
import type {Input} from '../read/input.js'
import type {Conversation} from '../model/model.js'
import type {InputPart} from '../read/plugin.js'
import type {RenderOptions} from '../render/render-options.js'

/** Options for reading one input. */
export interface ReadOptions {
  /** Skip detection and use this format. */
  format?: string
  /** Options for formats, passed to `parse` as `context.options`. */
  formatOptions?: Readonly<Record<string, unknown>>
  /**
   * Called as the format reads the input, with the bytes read so far and the
   * input's size when known (after decompression or unpacking: the size of
   * what the format reads). For progress bars.
   */
  onProgress?: (read: number, size: number | undefined) => void
  /**
   * How the conversations will be rendered, when they will be: each is then
   * handed out once the modules its note needs beyond the serialiser are
   * imported (markdown-it when some message text may need containment, the
   * Markdown parser with `parseMessages`). Without it the synchronous renderers
   * `require` them on first use, which a bundle cannot do.
   */
  render?: RenderOptions
  /**
   * Read the input in parts when its format can (`FormatPlugin.parts`): the
   * reading then has `parts`, unparsed, for {@link Normalizer.parsePart}
   * elsewhere (a worker thread), and no conversations.
   */
  inParts?: boolean
  /**
   * Which of a zip archive's data exports to read, by its number in
   * {@link Normalizer.exports} (from 0). Without it the first is read, with a
   * warning naming the others when there are more.
   */
  archiveExport?: number
}

/** An input being read: its decision, and its conversations as they are parsed. */
export interface Reading {
  /** Carries every problem found, as messages with line numbers where known. */
  file: VFile
  detection: Detection
  /**
   * The input as the format reads it: decompressed, or an archive's export
   * members. Its `container` is the folder or archive the conversations were
   * read from: pass it to `attachmentBytes` to read an attachment's `entry`.
   */
  input: Input
  /** The conversations, parsed lazily. Iterate once. */
  conversations: AsyncIterable<Conversation>
  /** With `inParts`, when the format reads in parts: the parts, in order (then `conversations` is empty). */
  parts?: AsyncIterable<InputPart>
}

/** An input read whole. */
export interface Normalized {
  file: VFile
  detection: Detection
  /** The input as the format read it (see {@link Reading.input}). */
  input: Input
  conversations: Conversation[]
}
