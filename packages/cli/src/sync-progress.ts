import {MultiBar, Presets} from 'cli-progress'
import type {CliIo} from './main.js'

/** The progress of a sync, and the lines it prints. */
export interface SyncProgress {
  start(total: number): void
  advance(done: number): void
  /** Prints a line: on stderr when `failure`, else on stdout. */
  print(line: string, failure: boolean): void
  stop(): void
}

/** Fewer sources than this sync too fast to need a bar. */
const minimumSources = 20

/**
 * A count-based bar (sources done of all, rate, time left) on stderr when it
 * is a terminal, drawn by cli-progress. Lines printed while it shows go
 * through the bar's `log`, which clears it, prints the line and draws it again
 * below, so paths and the bar never garble each other; off a terminal (a
 * pipe, CI) there is no bar and lines are printed as they are.
 */
export function syncProgress(io: CliIo, quiet: boolean): SyncProgress {
  const terminal = io.stderrStream?.isTTY === true && !quiet
  let bars: MultiBar | undefined
  let bar: ReturnType<MultiBar['create']> | undefined
  let started = 0
  const plain = (line: string, failure: boolean): void => {
    ;(failure ? io.stderr : io.stdout).write(`${line}\n`)
  }
  return {
    start(total) {
      if (!terminal || total < minimumSources) return
      bars = new MultiBar(
        {
          stream: io.stderrStream as NodeJS.WritableStream,
          format: 'sync [{bar}] {value}/{total} sources | {rate}/s | {eta_formatted} left',
          hideCursor: true,
          clearOnComplete: true,
          etaBuffer: 50
        },
        Presets.shades_classic
      )
      bar = bars.create(total, 0, {rate: '0'})
      started = Date.now()
    },
    advance(done) {
      if (!bar) return
      const elapsed = (Date.now() - started) / 1000
      bar.update(done, {rate: elapsed > 0 ? Math.round(done / elapsed).toLocaleString('en-US') : '0'})
    },
    print(line, failure) {
      // With the bar on the same terminal as stdout, the line goes above it; a redirected stdout is not a terminal.
      if (bars && (failure || io.stdoutIsTerminal)) bars.log(`${line}\n`)
      else plain(line, failure)
    },
    stop() {
      // cli-progress prints logged lines only when it next draws, and its stop does not draw: the last lines
      // logged before the end would be lost without this last draw.
      bars?.update()
      bars?.stop()
    }
  }
}
