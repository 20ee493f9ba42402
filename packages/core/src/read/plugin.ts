import type {VFile} from 'vfile'
import type {Limits} from './limits.js'
import type {Conversation} from '../model/model.js'
import type {Input} from './input.js'
import type {Sample} from './sample.js'
import type {ToolDescriptor} from './tool.js'

/**
 * How sure a detector is. `certain`: a fingerprint unique to the format;
 * `likely`: its shape without the unique parts; `possible`: could be read by
 * it, but so could much else; `none`: not this format.
 */
export type Confidence = 'certain' | 'likely' | 'possible' | 'none'

/** Ordered from strongest to weakest. */
export const confidences: readonly Confidence[] = Object.freeze(['certain', 'likely', 'possible', 'none'])

/** A detector's answer. */
export interface Verdict {
  confidence: Confidence
  /** One line naming the evidence (`top-level sessionId and messages[]`). */
  reason: string
  /** Which variant of the format, when the detector can tell. */
  variant?: string
}

/**
 * What a format's `parse` is given besides the input. `Options`: its options
 * as {@link defineFormat} resolves them (typed, every key present).
 */
export interface ParseContext<Options = Readonly<Record<string, unknown>>> {
  /** The virtual file; report problems with `file.message(reason, {place, ruleId, source})`. */
  file: VFile
  limits: Limits
  /** The winning verdict (absent when the format was chosen with `--format`). */
  verdict?: Verdict
  /**
   * Options for formats, by key (`view`, `keepMeta`...). A format defined
   * with {@link defineFormat} gets the ones it declares
   * ({@link FormatPlugin.options}: the CLI's flags) resolved, each of its
   * type or its default; a plain plugin gets them as given (an option not
   * given is absent) and ignores the rest.
   */
  options: Options
}

/**
 * A name a format reads: a string is a file's base name, matched exactly
 * (`conversations.json`, `.aider.chat.history.md`); a regular expression is
 * tested against the base name (`/^conversations-\d+\.json$/`).
 */
export type NamePattern = string | RegExp

/**
 * An option a format reads from {@link ParseContext.options}. The CLI makes a
 * flag of each (`--keep-meta`), lists it in `--help` and `--list-options`, and
 * passes it to the formats as `context.options[key]` only when it is given: a
 * format applies its own default otherwise. Formats may declare the same
 * option (`branches` for Claude and ChatGPT); the declarations must then agree
 * on `type` and `key`.
 */
export interface FormatOption {
  /** The flag without its dashes, kebab-case (`keep-meta` for `--keep-meta`). */
  name: string
  /** `boolean`: a flag that takes no value and sets `true`; `string` and `number` take one. */
  type: 'boolean' | 'string' | 'number'
  /** The values a `string` option accepts; any other is a usage error. Default: any. */
  choices?: readonly string[]
  /** The least a `number` option accepts; a smaller number is a usage error. Default: none. */
  minimum?: number
  /** What the format does when the option is not given; shown in `--help` and `--list-options`. */
  default?: string | number | boolean
  /**
   * What `chatmark sync` passes when neither its command line nor the vault's
   * config gives the option: a vault keeps the whole of a session where a
   * one-off conversion keeps it short (Claude Code's `subagents`: `true`, each
   * subagent's work under the call that started it). Default: none (the
   * format's own default).
   */
  syncDefault?: string | number | boolean
  /** One line for `--help` and `--list-options`. */
  description: string
  /** The key in `context.options`. Default: the name in camelCase (`keep-meta` -> `keepMeta`). */
  key?: string
}

/** The key a {@link FormatOption} is passed under: its `key`, else its name in camelCase. */
export function formatOptionKey(option: Pick<FormatOption, 'name' | 'key'>): string {
  return option.key ?? option.name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}

/** Whether a file's base name matches one of `patterns`. */
export function matchesName(name: string, patterns: readonly NamePattern[]): boolean {
  return patterns.some((pattern) => {
    if (typeof pattern === 'string') return pattern === name
    pattern.lastIndex = 0 // a `g` or `y` expression would otherwise test from where it last matched
    return pattern.test(name)
  })
}

/** A format plugin: detects its input and parses it into conversations. */
export interface FormatPlugin {
  /** Stable id (`gemini`), used by `--format`, reports and message sources. */
  name: string
  /** One line for `--list-formats`. */
  description: string
  /** File extensions it usually reads (`.jsonl`); hints only. */
  extensions: readonly string[]
  /**
   * The options it reads from `context.options`, for the CLI's flags,
   * `--help` and `--list-options`. Default: none.
   */
  options?: readonly FormatOption[]
  /**
   * Files it reads, by base name, whatever their extension, when the CLI walks
   * a folder: a hidden file (`.aider.chat.history.md`), skipped otherwise, is
   * taken when some format names it here. Default: none.
   */
  fileNames?: readonly NamePattern[]
  /**
   * The members of a `.zip` it reads as the input (a data export's
   * `conversations.json`). The shallowest folder of the archive holding a
   * member that some registered format names is used: all of that folder's
   * members that match, in natural name order (`conversations-2.json` before
   * `conversations-10.json`), are one input; when the first is a JSON array,
   * the parts are joined into one array. An archive with no such member is a
   * container of files (`Input.entries`). Default: none.
   */
  archiveMembers?: readonly NamePattern[]
  /**
   * Pure and synchronous; never throws, never reads beyond the sample.
   */
  detect(sample: Sample): Verdict
  /**
   * Reads the whole input and yields its conversations. Streams where the
   * format allows; records recoverable problems on `context.file` and keeps
   * everything it can read. Throws (or reports a fatal message) only when
   * nothing could be read.
   *
   * Each conversation yielded must match the model (`validateConversation`);
   * the normalizer skips one that does not, with a fatal `invalid-conversation`
   * message naming the format, the conversation and the field, and keeps the
   * others. Times are ISO-8601; one without an offset is read as UTC; one
   * that is not a time is dropped with an `invalid-time` warning.
   */
  parse(input: Input, context: ParseContext): AsyncIterable<Conversation>
  /**
   * How it reads an input in parts that parse on their own (a data export's
   * conversations), so that several threads can share one input
   * (`chatmark --jobs`). Optional; see {@link PartReader}.
   */
  parts?: PartReader
  /**
   * The tool whose files it reads, and where that tool keeps its sessions:
   * `chatmark sync` reads those folders. Optional; a format without one is
   * read only from the files it is given.
   */
  tool?: ToolDescriptor
}

/** One part of an input (see {@link PartReader}): its place among the parts, where it starts, and its bytes. */
export interface InputPart {
  index: number
  /** Its offset in the input, in bytes (for messages). */
  start: number
  bytes: Uint8Array
}

/**
 * Reads an input as parts: `split` finds where each part begins and ends
 * (cheaply: it parses nothing), and `parse` reads one part alone, wherever it
 * runs. Splitting the input and parsing every part in order must give the
 * conversations and messages `FormatPlugin.parse` gives.
 */
export interface PartReader {
  /** The input's parts, in order. */
  split(input: Input, context: ParseContext): AsyncIterable<InputPart>
  /** One part's conversations; `input` is the whole input (for its `container`), opened again where this runs. */
  parse(part: InputPart, input: Input, context: ParseContext): AsyncIterable<Conversation>
  /**
   * After the last part, when none gave a conversation: why the input failed,
   * as `parse` would have said; `rules` counts the parts' messages by rule id.
   */
  none?(parts: number, rules: ReadonlyMap<string, number>): string
}
