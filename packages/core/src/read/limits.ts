/** Size limits, in bytes, and one time limit. Every untrusted length is checked against one of these. */
export interface Limits {
  /** How much of the head of an input detectors see. */
  sampleBytes: number
  /** The longest JSONL line that is parsed; longer lines are skipped with a warning. */
  maxLineBytes: number
  /**
   * The largest input read whole (formats that cannot stream, such as one JSON
   * document), and the most of stdin that is read (it is held in memory).
   */
  maxInputBytes: number
  /**
   * How long, in milliseconds, a format may go without reading any input or
   * yielding a conversation before its input is failed as stalled (a plugin
   * whose stream never ends). `0`: no limit.
   */
  stallMs: number
  /**
   * The most bytes a compressed input (zstd, gzip) or a zip member may expand
   * to; reading fails past it, naming the limit.
   */
  maxExpandedBytes: number
  /**
   * The most a compressed input (zstd, gzip) or a zip member may expand, as
   * expanded bytes per compressed byte, so a small decompression bomb fails in
   * moments. It applies once {@link expansionRatioFloorBytes} have been
   * expanded: a small, very repetitive file is never refused.
   */
  maxExpansionRatio: number
  /**
   * The deepest nesting of arrays and objects in one JSON value (a JSONL line,
   * an item of a JSON array, a whole document). The byte scanners refuse a
   * deeper value before `JSON.parse` sees it: a line of millions of `[` would
   * otherwise cost gigabytes, and deep values overflow the stack of whoever
   * walks them.
   */
  maxJsonDepth: number
  /**
   * How many messages of one rule (`malformed-line`, say) an input keeps; the
   * rest are counted in one last message of that rule ("and 999,950 more
   * malformed lines"), so a million bad lines cost a few messages, not a
   * million.
   */
  maxMessagesPerRule: number
}

/** Expanded bytes before {@link Limits.maxExpansionRatio} applies (16 MiB). */
export const expansionRatioFloorBytes = 16 * 1024 * 1024

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
  stallMs: 120_000,
  // Streamed, so only time is at stake: far over any real session or export.
  maxExpandedBytes: 16 * 1024 * 1024 * 1024,
  // Real JSON logs and exports compress 5 to 30 times; zeros compress thousands of times.
  maxExpansionRatio: 200,
  // Real sessions nest a few dozen levels; tool inputs perhaps a few hundred.
  maxJsonDepth: 1000,
  maxMessagesPerRule: 20
})
