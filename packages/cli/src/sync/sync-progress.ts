import type {CountProgress} from '../progress/count-progress.js'
import {countProgress, minimumCount} from '../progress/count-progress.js'
import type {CliIo} from '../base/cli-io.js'
import {printable} from '../base/printable.js'

/** The progress of a sync, and the lines it prints. */
export interface SyncProgress {
  start(total: number): void
  /** `done` sources are read, the last of them `path`. */
  advance(done: number, path?: string): void
  /** Prints a line: on stderr when `failure`, else on stdout. */
  print(line: string, failure: boolean): void
  stop(): void
}

/**
 * A count of the sources read (of all, with their rate, the time left and
 * the last one read) on stderr when it is a terminal, in the style of the
 * convert command's bar (`countProgress`). Lines printed while it shows go
 * above it, so paths and the bar never garble each other; off a terminal (a
 * pipe, CI) there is no bar and lines are printed as they are.
 */
export function syncProgress(io: CliIo, quiet: boolean): SyncProgress {
  const stream = io.stderrStream
  const terminal = stream?.isTTY === true && !quiet
  let bar: CountProgress | undefined
  const plain = (line: string, failure: boolean): void => {
    ;(failure ? io.stderr : io.stdout).write(`${line}\n`)
  }
  return {
    start(total) {
      if (!terminal || !stream || total < minimumCount) return
      bar = countProgress(stream, {label: 'sync', unit: 'sources', total, now: io.now ?? (() => performance.now())})
    },
    advance(done, path) {
      bar?.advance(done, path === undefined ? undefined : printable(path))
    },
    print(line, failure) {
      // With the bar on the same terminal as stdout, the line goes above it; a redirected stdout is not a terminal.
      if (bar && (failure || io.stdoutIsTerminal)) bar.log(`${line}\n`)
      else plain(line, failure)
    },
    stop() {
      bar?.stop()
      bar = undefined
    }
  }
}
