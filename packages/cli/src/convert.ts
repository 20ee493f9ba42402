import type {Conversation, Detection, Input, Normalizer, ReadOptions, RenderOptions} from '@chatmark/core'
import {toNote} from '@chatmark/core'
import type {VFile} from 'vfile'

/** A conversation and its rendered note. */
export interface Note {
  conversation: Conversation
  markdown: string
}

/** Options for {@link convert}. */
export interface ConvertOptions extends ReadOptions {
  render?: RenderOptions
  /** Called with each note as soon as it is rendered; when given, notes are not collected. */
  onNote?: (note: Note) => void | Promise<void>
}

/** The outcome of converting one input. */
export interface Converted {
  file: VFile
  detection: Detection
  /** The notes, unless `onNote` took them. */
  notes: Note[]
}

/**
 * Detects, parses and renders one input: the library equivalent of running
 * `chatmark` on a file. Problems are messages on `file`; fatal ones mean the
 * input failed.
 */
export async function convert(normalizer: Normalizer, input: Input, options: ConvertOptions = {}): Promise<Converted> {
  const {render, onNote, ...readOptions} = options
  const reading = await normalizer.read(input, readOptions)
  const notes: Note[] = []
  for await (const conversation of reading.conversations) {
    const note = {conversation, markdown: toNote(conversation, render)}
    if (onNote) await onNote(note)
    else notes.push(note)
  }
  return {file: reading.file, detection: reading.detection, notes}
}
