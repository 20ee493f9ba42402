import type {
  Conversation,
  Detection,
  Input,
  InputPart,
  Normalizer,
  Reading,
  ReadOptions,
  RenderOptions
} from '@chatmark/core'
import {toNote, toolOf} from '@chatmark/core'
import type {VFile} from 'vfile'

/** A conversation and its rendered note. */
export interface Note {
  conversation: Conversation
  markdown: string
}

/** Options for {@link convert}. */
export interface ConvertOptions extends ReadOptions {
  /** How notes are rendered (and, when given, what to load before each conversation: see `ReadOptions.render`). */
  render?: RenderOptions
  /**
   * Called with each conversation as soon as it is read; when given, notes are
   * neither rendered nor collected (render them as you need, e.g. streamed
   * with `noteChunks`). `input` is the input the format read: pass it to
   * `attachmentBytes` for the files of the conversation's attachments.
   */
  onConversation?: (conversation: Conversation, input: Input) => void | Promise<void>
  /** Decides, once the format is known, to leave the input alone: return the reason, or `undefined` to go on. */
  skip?: (detection: Detection) => string | undefined
  /** Called once the format is known and the input is not skipped, before the first conversation. */
  onDetection?: (detection: Detection) => void | Promise<void>
  /**
   * Reads the input in parts when its format can (`FormatPlugin.parts`):
   * called with the reading and its parts, unparsed, instead of any
   * conversation (parse them with `Normalizer.parsePart`, on other threads).
   */
  onParts?: (reading: Reading & {parts: AsyncIterable<InputPart>}) => Promise<void>
}

/** The outcome of converting one input. */
export interface Converted {
  file: VFile
  detection: Detection
  /** The notes, unless `onConversation` took the conversations. */
  notes: Note[]
  /** Why the input was left alone, when `skip` said so. */
  skipped?: string
}

/**
 * Detects, parses and renders one input: the library equivalent of running
 * `chatmark` on a file. Problems are messages on `file`; fatal ones mean the
 * input failed.
 */
export async function convert(normalizer: Normalizer, input: Input, options: ConvertOptions = {}): Promise<Converted> {
  const {onConversation, skip, onDetection, onParts, ...readOptions} = options
  // Notes rendered here: `render` has the modules they need loaded as the conversations are read.
  const render = readOptions.render ?? {}
  const reading = await normalizer.read(input, {
    ...(onConversation ? readOptions : {...readOptions, render}),
    ...(onParts ? {inParts: true} : {})
  })
  const notes: Note[] = []
  const skipped = skip?.(reading.detection)
  if (skipped !== undefined) return {file: reading.file, detection: reading.detection, notes, skipped}
  await onDetection?.(reading.detection)
  const {parts} = reading
  if (onParts && parts) {
    await onParts({...reading, parts})
    return {file: reading.file, detection: reading.detection, notes}
  }
  for await (const conversation of reading.conversations) {
    if (onConversation) await onConversation(conversation, reading.input)
    else {
      const tool = toolOf(normalizer.formats, conversation.source).slug
      notes.push({conversation, markdown: toNote(conversation, {...render, tool})})
    }
  }
  return {file: reading.file, detection: reading.detection, notes}
}
