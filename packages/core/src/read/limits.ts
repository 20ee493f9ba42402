/** Size limits, in bytes, and one time limit. Every untrusted length is checked against one of these. */
export interface Limits {
  /** How much of the head of an input detectors see. */
  sampleBytes: number
  /** The longest JSONL line that is parsed; longer lines are skipped with a warning. */
  maxLineBytes: number
  /** The largest input read whole (formats that cannot stream, such as one JSON document). */
  maxInputBytes: number
  /**
   * How long, in milliseconds, a format may go without reading any input or
   * yielding a conversation before its input is failed as stalled (a plugin
   * whose stream never ends). `0`: no limit.
   */
  stallMs: number
}

/**
 * Defaults that handle real-world sizes: single JSONL lines of 20+ MB (tool output
 * pasted into a session) and JSON documents up to what V8 can hold as one string.
 */
export const defaultLimits: Readonly<Limits> = Object.freeze({
  sampleBytes: 64 * 1024,
  maxLineBytes: 64 * 1024 * 1024,
  // V8's maximum string length is 2**29 - 24 UTF-16 units; stay under it.
  maxInputBytes: 512 * 1024 * 1024,
  // Generous: a format may parse a 500 MB document in one go without reading meanwhile.
  stallMs: 120_000
})
