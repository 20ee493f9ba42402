import type {Detection} from './dispatch.js'
import type {Input} from '../read/input.js'
import type {Limits} from '../read/limits.js'
import {defaultLimits} from '../read/limits.js'
import type {Conversation} from '../model/model.js'
import type {FormatPlugin, InputPart} from '../read/plugin.js'
import type {VFile} from 'vfile'
import type {UseOptions} from './format-list.js'
import {builtinList, useFormat} from './format-list.js'
import type {NormalizerState} from './normalizer-state.js'
import {endParts, parsePart} from './parse-steps.js'
import type {Normalized, ReadOptions, Reading} from './read-options.js'
import {archiveExports, detectInput, openInput, readInput} from './read-steps.js'

export type {UseOptions} from './format-list.js'
export type {Normalized, ReadOptions, Reading} from './read-options.js'
export {fail} from './fail.js'

/** Options for {@link createNormalizer}. */
export interface NormalizerOptions {
  /** Your formats. They run before the built-ins; one with a built-in's name replaces it. Default: none. */
  formats?: readonly FormatPlugin[]
  /** The built-in formats, in dispatch order. Default: none (the `chatmark` package passes its own). */
  builtins?: readonly FormatPlugin[]
  /** Size limits. Default: {@link defaultLimits}. */
  limits?: Partial<Limits>
}

/** A set of formats and the means to read inputs with them. */
export interface Normalizer {
  /** The formats in dispatch order. */
  readonly formats: readonly FormatPlugin[]
  readonly limits: Readonly<Limits>
  readonly frozen: boolean
  /** Registers a format (see {@link UseOptions}). Throws on a frozen normalizer. */
  use(plugin: FormatPlugin, options?: UseOptions): Normalizer
  /** Forbids further `use`; returns the normalizer. */
  freeze(): Normalizer
  /** Detects the format of an input (reads only its head). */
  detect(input: Input, options?: ReadOptions): Promise<Detection>
  /** Starts reading an input; conversations are parsed as they are iterated. */
  read(input: Input, options?: ReadOptions): Promise<Reading>
  /** The input as `read` gives it to a format: decompressed, or an archive's export members. */
  open(input: Input, options?: Pick<ReadOptions, 'archiveExport'>): Promise<Input>
  /**
   * The data exports a zip archive holds, by name (`a/conversations.json`):
   * each folder of members that the formats read (`archiveMembers`), see
   * `zipExports`. Empty for anything but such an archive. Read each with
   * `archiveExport`: two exports zipped together are two inputs.
   */
  exports(input: Input): Promise<string[]>
  /**
   * The conversations of one part of an input read with `inParts`, checked as
   * `read` checks conversations; problems go to `file`. `input` is the input
   * opened with {@link Normalizer.open}, `format` the one that split it.
   */
  parsePart(
    format: string,
    part: InputPart,
    input: Input,
    file: VFile,
    options?: ReadOptions
  ): AsyncIterable<Conversation>
  /**
   * After the last of `parts` parts, of which `conversations` were read (and
   * `rules` counts their messages by rule id): fails `file` when there were none.
   */
  endParts(format: string, parts: number, conversations: number, rules: ReadonlyMap<string, number>, file: VFile): void
  /** Reads an input whole. */
  normalize(input: Input, options?: ReadOptions): Promise<Normalized>
}

/**
 * Creates a normalizer: an ordered list of formats with a dispatcher in front.
 *
 * @example
 *   const normalizer = createNormalizer({builtins: [gemini()], formats: [myFormat]})
 *   const {conversations} = await normalizer.normalize(await inputFromPath('session.jsonl'))
 */
export function createNormalizer(options: NormalizerOptions = {}): Normalizer {
  const state: NormalizerState = {
    formats: builtinList(options.builtins ?? []),
    limits: Object.freeze({...defaultLimits, ...options.limits})
  }
  const normalizer: Normalizer = {
    get formats() {
      return Object.freeze([...state.formats.formats])
    },
    limits: state.limits,
    get frozen() {
      return state.formats.frozen
    },
    use(plugin, useOptions = {}) {
      useFormat(state.formats, plugin, useOptions)
      return normalizer
    },
    freeze() {
      state.formats.frozen = true
      return normalizer
    },
    detect: (input, readOptions = {}) => detectInput(state, input, readOptions),
    read: (input, readOptions = {}) => readInput(state, input, readOptions),
    open: (input, openOptions = {}) => openInput(state, input, openOptions.archiveExport),
    exports: (input) => archiveExports(state, input),
    parsePart: (format, part, input, file, readOptions = {}) =>
      parsePart(state, format, part, input, file, readOptions),
    endParts: (format, parts, conversations, rules, file) => endParts(state, format, parts, conversations, rules, file),
    async normalize(input, readOptions = {}) {
      const reading = await normalizer.read(input, readOptions)
      const conversations: Conversation[] = []
      for await (const conversation of reading.conversations) conversations.push(conversation)
      return {file: reading.file, detection: reading.detection, input: reading.input, conversations}
    }
  }
  for (const plugin of options.formats ?? []) normalizer.use(plugin)
  return normalizer
}
