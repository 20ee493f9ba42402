import type {VFile} from 'vfile'
import type {Limits} from './limits.js'
import type {Conversation} from './model.js'
import type {Input} from './input.js'
import type {Sample} from './sample.js'

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

/** What a format's `parse` is given besides the input. */
export interface ParseContext {
  /** The virtual file; report problems with `file.message(reason, {place, ruleId, source})`. */
  file: VFile
  limits: Limits
  /** The winning verdict (absent when the format was chosen with `--format`). */
  verdict?: Verdict
  /**
   * Options for formats, by name (`view`, ...). A format reads the ones it
   * documents and ignores the rest.
   */
  options: Readonly<Record<string, unknown>>
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
}
