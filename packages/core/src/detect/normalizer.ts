import {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import type {Detection} from './dispatch.js'
import {chosenDetection, dispatch} from './dispatch.js'
import type {Input} from '../read/input.js'
import type {Limits} from '../read/limits.js'
import {defaultLimits} from '../read/limits.js'
import type {Conversation} from '../model/model.js'
import type {FormatPlugin, InputPart, NamePattern, ParseContext, PartReader} from '../read/plugin.js'
import type {RenderOptions} from '../render/render-options.js'
import {loadRenderModules} from '../render/render-modules.js'
import type {Sample} from '../read/sample.js'
import {createSample} from '../read/sample.js'
import {compressionOf, decompressedInput} from '../unpack/decompressed-input.js'
import {zipExports, zipInput} from '../unpack/zip-member-input.js'
import {utf16Of, utf8FromUtf16} from '../read/utf16-input.js'
import {countingInput} from '../read/counting-input.js'
import {capMessages, shorten} from '../read/cap-messages.js'
import type {Activity} from './stall-guard.js'
import {guardStalls, StallError, watchedInput} from './stall-guard.js'
import {dropInvalidTimes} from '../model/drop-invalid-times.js'
import {validateConversation} from '../model/validate-conversation.js'

/** Options for {@link createNormalizer}. */
export interface NormalizerOptions {
  /** Your formats. They run before the built-ins; one with a built-in's name replaces it. Default: none. */
  formats?: readonly FormatPlugin[]
  /** The built-in formats, in dispatch order. Default: none (the `chatmark` package passes its own). */
  builtins?: readonly FormatPlugin[]
  /** Size limits. Default: {@link defaultLimits}. */
  limits?: Partial<Limits>
}

/** Where {@link Normalizer.use} puts a format. Default: after the other user formats, before the built-ins. */
export interface UseOptions {
  /** Insert before the format of this name. */
  before?: string
  /** Insert after the format of this name. */
  after?: string
}

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

const messageSource = 'chatmark'

/**
 * Creates a normalizer: an ordered list of formats with a dispatcher in front.
 *
 * @example
 *   const normalizer = createNormalizer({builtins: [gemini()], formats: [myFormat]})
 *   const {conversations} = await normalizer.normalize(await inputFromPath('session.jsonl'))
 */
export function createNormalizer(options: NormalizerOptions = {}): Normalizer {
  const limits: Readonly<Limits> = Object.freeze({...defaultLimits, ...options.limits})
  const list: FormatPlugin[] = []
  // Formats `use` inserted (not replacements): new ones go after these.
  const inserted = new Set<string>()
  let frozen = false

  for (const plugin of options.builtins ?? []) {
    assertPlugin(plugin)
    const at = list.findIndex((existing) => existing.name === plugin.name)
    if (at === -1) list.push(plugin)
    else list[at] = plugin
  }

  const normalizer: Normalizer = {
    get formats() {
      return Object.freeze([...list])
    },
    limits,
    get frozen() {
      return frozen
    },
    use(plugin, useOptions = {}) {
      if (frozen) {
        throw new Error(
          `Cannot register format \`${String(plugin?.name)}\` on a frozen normalizer: create your own with ` +
            `\`createNormalizer({formats})\` instead`
        )
      }
      assertPlugin(plugin)
      const existing = list.findIndex((format) => format.name === plugin.name)
      if (existing !== -1 && !useOptions.before && !useOptions.after) {
        // Replace in place: the format keeps its slot in the dispatch order.
        list[existing] = plugin
        return normalizer
      }
      if (existing !== -1) list.splice(existing, 1)
      list.splice(insertionIndex(list, inserted, useOptions), 0, plugin)
      inserted.add(plugin.name)
      return normalizer
    },
    freeze() {
      frozen = true
      return normalizer
    },
    async detect(original, readOptions = {}) {
      const input = await uncompressed(original, archiveMembers(), limits, undefined, readOptions.archiveExport)
      const sample = await createSample(input, limits.sampleBytes)
      return decide(sample, readOptions).detection
    },
    async read(original, readOptions = {}) {
      // Warnings about an archive's members (a name skipped, a CRC that fails) come before the file is named
      // after what is read, and while it is read: they are held until it exists.
      const early: [string, boolean | undefined][] = []
      let warn = (reason: string, fatal?: boolean): void => {
        early.push([reason, fatal])
      }
      const input = await uncompressed(
        original,
        archiveMembers(),
        limits,
        (reason, fatal) => warn(reason, fatal),
        readOptions.archiveExport
      )
      // Named after what is read: `export.zip!conversations.json` for an archive.
      // Capped: a million bad lines are twenty messages and a count, not a million messages.
      const file = capMessages(new VFile({path: input.name}), limits.maxMessagesPerRule)
      warn = (reason, fatal) => {
        if (fatal) fail(file, reason, 'zip-exports')
        else file.message(reason, {ruleId: 'zip-member', source: messageSource})
      }
      for (const [reason, fatal] of early) warn(reason, fatal)
      let sample: Sample
      try {
        sample = await createSample(input, limits.sampleBytes)
      } catch (error) {
        // A compressed input that cannot be decompressed fails here.
        const detail = error instanceof Error ? error.message : String(error)
        fail(file, `Could not read the input: ${detail}`, 'unreadable-input')
        return {
          file,
          detection: {format: undefined, decidedBy: 'none', verdicts: [], tiedWith: [], explanation: detail},
          input,
          conversations: empty()
        }
      }
      const {detection, plugin, problem} = decide(sample, readOptions)
      if (problem) fail(file, problem.reason, problem.ruleId)
      const {onProgress} = readOptions
      const read = onProgress ? countingInput(input, (bytes) => onProgress(bytes, input.size)) : input
      if (plugin?.parts && readOptions.inParts) {
        const context = parseContext(plugin, file, detection, readOptions)
        return {file, detection, input, conversations: empty(), parts: splitParts(plugin, plugin.parts, read, context)}
      }
      return {
        file,
        detection,
        input,
        conversations: plugin ? parseAll(plugin, read, file, detection, readOptions) : empty()
      }
    },
    open: (original, openOptions = {}) =>
      uncompressed(original, archiveMembers(), limits, undefined, openOptions.archiveExport),
    async exports(original) {
      const members = archiveMembers()
      if (members.length === 0 || !isZip(await original.head(4))) return []
      return zipExports(original, members).catch(() => [])
    },
    async *parsePart(format, part, input, file, readOptions = {}) {
      const plugin = list.find((candidate) => candidate.name === format)
      if (!plugin?.parts) throw new Error(`Format \`${format}\` does not read in parts`)
      let number = 0
      try {
        for await (const conversation of plugin.parts.parse(
          part,
          input,
          parseContext(plugin, file, undefined, readOptions)
        )) {
          if (!checked(plugin.name, conversation, file, ++number)) continue
          if (readOptions.render) await loadRenderModules(conversation, readOptions.render)
          yield conversation
        }
      } catch (error) {
        fail(file, `Could not read the input as ${format}: ${reasonOf(error)}`, 'parse-error')
      }
    },
    endParts(format, parts, conversations, rules, file) {
      if (conversations > 0 || file.messages.some((message) => message.fatal) || saidEmpty(file)) return
      const plugin = list.find((candidate) => candidate.name === format)
      const reason = plugin?.parts?.none?.(parts, rules)
      if (reason !== undefined) fail(file, `Could not read the input as ${format}: ${reason}`, 'parse-error')
      else fail(file, `No conversation could be read from the input as ${format}`, 'no-conversation')
    },
    async normalize(input, readOptions = {}) {
      const reading = await normalizer.read(input, readOptions)
      const conversations: Conversation[] = []
      for await (const conversation of reading.conversations) conversations.push(conversation)
      return {file: reading.file, detection: reading.detection, input: reading.input, conversations}
    }
  }

  for (const plugin of options.formats ?? []) normalizer.use(plugin)
  return normalizer

  /** The archive members that the registered formats read (`FormatPlugin.archiveMembers`). */
  function archiveMembers(): NamePattern[] {
    return list.flatMap((format) => [...(format.archiveMembers ?? [])])
  }

  function decide(
    sample: Sample,
    readOptions: ReadOptions
  ): {detection: Detection; plugin?: FormatPlugin; problem?: {reason: string; ruleId: string}} {
    if (readOptions.format !== undefined) {
      const plugin = list.find((format) => format.name === readOptions.format)
      const detection = chosenDetection(readOptions.format, sample, list)
      if (!plugin) {
        const names = list.map((format) => format.name).join(', ')
        return {
          detection,
          problem: {
            reason: `Unknown format \`${readOptions.format}\`: expected one of ${names}`,
            ruleId: 'unknown-format'
          }
        }
      }
      if (sample.kind === 'empty') return {detection, problem: emptyProblem}
      return {detection, plugin}
    }
    const detection = dispatch(sample, list)
    if (sample.kind === 'empty') return {detection, problem: emptyProblem}
    const plugin = list.find((format) => format.name === detection.format)
    if (!plugin) return {detection, problem: {reason: detection.explanation, ruleId: 'no-format'}}
    return {detection, plugin}
  }

  async function* parseAll(
    plugin: FormatPlugin,
    input: Input,
    file: VFile,
    detection: Detection,
    readOptions: ReadOptions
  ): AsyncGenerator<Conversation> {
    let count = 0
    let yielded = 0
    const activity: Activity = {last: Date.now()}
    try {
      const conversations = plugin.parse(
        watchedInput(input, activity),
        parseContext(plugin, file, detection, readOptions)
      )
      for await (const conversation of guardStalls(conversations, activity, limits.stallMs)) {
        if (!checked(plugin.name, conversation, file, ++yielded)) continue
        count++
        if (readOptions.render) await loadRenderModules(conversation, readOptions.render)
        yield conversation
      }
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      if (error instanceof StallError) fail(file, `Format \`${plugin.name}\` stalled: ${detail}`, 'parse-stalled')
      else fail(file, `Could not read the input as ${plugin.name}: ${detail}`, 'parse-error')
      return
    }
    if (count === 0 && !file.messages.some((message) => message.fatal) && !saidEmpty(file)) {
      fail(file, `No conversation could be read from the input as ${plugin.name}`, 'no-conversation')
    }
  }
  /** What a format's `parse` is given: the file, the limits, its options, and its verdict unless it was chosen. */
  function parseContext(
    plugin: FormatPlugin,
    file: VFile,
    detection: Detection | undefined,
    readOptions: ReadOptions
  ): ParseContext {
    const verdict = detection?.verdicts.find((entry) => entry.format === plugin.name)
    return {
      file,
      limits,
      options: readOptions.formatOptions ?? {},
      ...(verdict && detection?.decidedBy !== 'option' ? {verdict} : {})
    }
  }

  /** The parts of an input, as its format splits it; a failure to split is a fatal message, the parts before kept. */
  async function* splitParts(
    plugin: FormatPlugin,
    parts: PartReader,
    input: Input,
    context: ParseContext
  ): AsyncGenerator<InputPart> {
    try {
      yield* parts.split(input, context)
    } catch (error) {
      fail(context.file, `Could not read the input as ${plugin.name}: ${reasonOf(error)}`, 'parse-error')
    }
  }
}

/**
 * Checks what a plugin yields before anyone sees it: an invalid conversation
 * is a fatal message and is skipped (`false`), the others kept. A time that is
 * not a time is only dropped, with a warning: it costs that time, not the
 * conversation. `number`: its place among those the plugin yielded.
 */
function checked(format: string, conversation: Conversation, file: VFile, number: number): boolean {
  const dropped = dropInvalidTimes(conversation)
  if (dropped.first)
    file.message(droppedTimesReason(format, conversation, dropped.first, dropped.count), {
      ruleId: 'invalid-time',
      source: messageSource
    })
  const problem = validateConversation(conversation)
  if (problem === undefined) return true
  fail(file, invalidConversationReason(format, conversation, number, problem), 'invalid-conversation')
  return false
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Names the plugin, the conversation (by id, else by its number among those
 * the plugin yielded) and the problem's field.
 */
function invalidConversationReason(format: string, conversation: unknown, number: number, problem: string): string {
  const id = (conversation as {id?: unknown} | null | undefined)?.id
  const which = typeof id === 'string' && id !== '' ? `\`${shorten(id)}\`` : `number ${number} (no id)`
  return `Format \`${format}\` yielded an invalid conversation ${which}, skipped: ${problem}`
}

/** Names the plugin, the conversation and the first time dropped from it. */
function droppedTimesReason(
  format: string,
  conversation: unknown,
  first: {path: string; value: string},
  count: number
): string {
  const id = (conversation as {id?: unknown}).id
  const which = typeof id === 'string' && id !== '' ? ` \`${shorten(id)}\`` : ''
  const more = count > 1 ? ` (and ${count - 1} more)` : ''
  return (
    `Format \`${format}\` yielded conversation${which} with ${first.path} ${shorten(first.value)}${more}, which is ` +
    'not a time (expected ISO-8601, such as 2026-03-01T10:00:00Z): dropped, the conversation kept'
  )
}

const emptyProblem = {reason: 'The input is empty: there is nothing to convert', ruleId: 'empty-input'}

/** Adds a fatal message (a failure of this input) without throwing. */
export function fail(file: VFile, reason: string, ruleId: string, line?: number): VFileMessage {
  const message = file.message(reason, {
    ruleId,
    source: messageSource,
    ...(line === undefined ? {} : {place: {line, column: 1}})
  })
  message.fatal = true
  return message
}

async function* empty(): AsyncGenerator<Conversation> {}

/**
 * The input as formats should see it: decompressed when its magic bytes say
 * zstd or gzip; for a zip archive, the members that formats read
 * (`archiveMembers`: a data export's `conversations.json`), or else the
 * archive as a container of files (a Slack export).
 */
async function uncompressed(
  input: Input,
  members: readonly NamePattern[],
  limits: Limits,
  onWarning: (reason: string, fatal?: boolean) => void = () => {},
  archiveExport?: number
): Promise<Input> {
  const head = await input.head(4)
  const compression = compressionOf(head)
  if (compression) {
    const decompressed = decompressedInput(input, compression, limits)
    const encoding = utf16Of(await decompressed.head(2).catch(() => new Uint8Array(0)))
    return encoding ? utf8FromUtf16(decompressed, encoding) : decompressed
  }
  const encoding = utf16Of(head)
  if (encoding) return utf8FromUtf16(input, encoding)
  if (isZip(head)) {
    // A damaged archive is left to dispatch, which reports it as an unclaimed zip.
    return zipInput(input, members, limits, onWarning, archiveExport).catch(() => input)
  }
  return input
}

/** Whether `head` starts as a zip archive does (a local file header). */
function isZip(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04
}

function insertionIndex(list: readonly FormatPlugin[], inserted: ReadonlySet<string>, options: UseOptions): number {
  const anchor = options.before ?? options.after
  if (anchor !== undefined) {
    const at = list.findIndex((format) => format.name === anchor)
    if (at === -1) {
      throw new Error(
        `Cannot place a format ${options.before ? 'before' : 'after'} \`${anchor}\`: no format has that name`
      )
    }
    return options.before ? at : at + 1
  }
  let last = -1
  for (const [index, format] of list.entries()) if (inserted.has(format.name)) last = index
  return last + 1
}

function assertPlugin(plugin: unknown): asserts plugin is FormatPlugin {
  const value = plugin as Partial<FormatPlugin> | undefined
  if (
    !value ||
    typeof value.name !== 'string' ||
    value.name === '' ||
    typeof value.detect !== 'function' ||
    typeof value.parse !== 'function'
  ) {
    throw new TypeError(
      'Expected a format plugin: an object with a non-empty `name`, a `detect(sample)` function and a `parse(input, ' +
        'context)` function'
    )
  }
}

/**
 * Whether the format said the input is a session with nothing in it (a
 * warning of rule `empty-session`): then yielding no conversation is its
 * answer, not a failure to read (a header-only session file is common, and
 * would fail every sync that met it).
 */
function saidEmpty(file: VFile): boolean {
  return file.messages.some((message) => message.ruleId === 'empty-session' && !message.fatal)
}
