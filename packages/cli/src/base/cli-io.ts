import type {Readable} from 'node:stream'

/** Where the CLI reads and writes; the real process streams in `bin.ts`, buffers in tests. */
export interface CliIo {
  stdout: {write(chunk: string): unknown}
  stderr: {write(chunk: string): unknown}
  stdin: Readable | AsyncIterable<Uint8Array>
  /** Input paths, `-o` and `--use` are resolved against this folder; paths are printed as given. */
  cwd: string
  /** The real stderr, for a progress bar when it is a terminal; absent in tests. */
  stderrStream?: ProgressStream
  /** The home folder, where `chatmark sync` finds the tools' folders. Default: the user's. */
  home?: string
  /** The environment (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`). Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>
  /** How many inputs to convert at once when `--jobs` is not given (`bin.ts`: one per core). Default: 1. */
  cores?: number
  /** Whether stdout is a terminal: notes printed there have their control characters escaped (`terminalText`). */
  stdoutIsTerminal?: boolean
  /**
   * Aborted when stdout's reader has gone (a closed pipe: `chatmark x | head`).
   * The run then stops reading and writing, and returns as if it had finished.
   */
  signal?: AbortSignal
  /**
   * Aborted when the run is asked to stop (SIGINT, SIGTERM): `chatmark sync`
   * then finishes the note it is placing, writes its state and ends with
   * `stopCode`.
   */
  stop?: AbortSignal
  /** The exit status of a run that was stopped (130 for SIGINT, 143 for SIGTERM). */
  stopCode?: number
  /** This machine's time zone, for `chatmark sync`'s notes. Default: the one Node reports. */
  timeZone?: string
  /**
   * A clock in milliseconds, on which progress bars measure their rate and
   * time left. Default: `performance.now`. Tests pass their own, so that no
   * frame depends on how fast the machine is.
   */
  now?: () => number
  /**
   * The clock `--time-limit` is measured on where no worker runs (see
   * `InputClock`), in milliseconds. Default: `performance.now`. Tests pass
   * their own, so that what stops is decided by the steps taken.
   */
  timeLimitNow?: () => number
}

/** What a progress bar needs of stderr: whether it is a terminal (and, when known, how wide). */
export interface ProgressStream {
  isTTY?: boolean
  columns?: number
}
