import {MultiBar} from 'cli-progress'
import type {ProgressFrame} from './progress-line.js'
import {progressLine} from './progress-line.js'
import type {ProgressStream} from '../base/cli-io.js'

/** One progress line on a terminal, with lines printed above it. */
export interface ProgressScreen {
  /**
   * Shows `frame` from now on. It is drawn at once unless one was drawn less
   * than {@link frameMs} before `at` (the caller's clock, in ms); then with
   * the bar's next redraw, a tenth of a second later at most.
   */
  show(frame: ProgressFrame, at: number): void
  /** Prints `text` (whole lines) above the bar, which is drawn again below it. */
  log(text: string): void
  /** Draws the last frame, then clears the line and shows the cursor again. */
  stop(): void
}

/** The least time between two frames drawn on request, in ms (cli-progress's own redraws come 10 a second). */
const frameMs = 100

/**
 * The screen every chatmark progress bar draws on (see `progressLine` for
 * the style). cli-progress does the terminal's part: drawing in place, the
 * cursor hidden meanwhile, lines logged above the bar, the line cleared at
 * the end. What a frame says is decided only by the caller's calls and
 * clock, never by when cli-progress redraws, so tests see the same frames
 * on any machine.
 */
export function progressScreen(stream: ProgressStream): ProgressScreen {
  let frame: ProgressFrame | undefined
  let drawnAt = Number.NEGATIVE_INFINITY
  const bars = new MultiBar({
    stream: stream as NodeJS.WritableStream,
    format: (_options, params) => (frame ? progressLine(frame, params.maxWidth) : ''),
    hideCursor: true,
    // The line is fitted to the terminal already: its wrapping is left on, so a run killed mid-way leaves it so.
    linewrap: true,
    clearOnComplete: true,
    // A line logged above the bar clears it: it must be drawn again even though its text did not change.
    forceRedraw: true
  })
  bars.create(1, 0)
  return {
    show(next, at) {
      frame = next
      if (at - drawnAt < frameMs) return
      drawnAt = at
      bars.update()
    },
    log(text) {
      bars.log(text)
      bars.update()
    },
    stop() {
      bars.update()
      bars.stop()
    }
  }
}
