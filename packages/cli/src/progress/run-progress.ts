import type {CliIo} from '../base/cli-io.js'
import type {Progress} from './progress-bar.js'

/**
 * How a conversion shows its progress, and writes its lines around it: a
 * bar on a terminal's stderr (see `terminalRunProgress`), or nothing.
 */
export interface RunProgress {
  /** An input's turn has come (`path` as named or found): the ones before it are done. */
  begin(path: string): void
  /** The progress of one input's reading: its bytes and conversations. */
  input(name: string): Progress
  /** Writes `text` (whole lines) on stderr when `failure`, else on stdout; above the bar while it shows. */
  write(text: string, failure: boolean): void
  /** Ends the bar, if one shows. */
  stop(): void
}

/** A progress bar that shows nothing: a pipe, a log, CI. */
export const quietProgress: Progress = {read() {}, conversation() {}, stop() {}}

/** Progress off a terminal: none shown, lines written as they are. */
export function plainRunProgress(io: Pick<CliIo, 'stdout' | 'stderr'>): RunProgress {
  return {
    begin() {},
    input: () => quietProgress,
    write(text, failure) {
      ;(failure ? io.stderr : io.stdout).write(text)
    },
    stop() {}
  }
}
