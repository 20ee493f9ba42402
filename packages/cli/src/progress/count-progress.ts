import {formatDuration} from './format-duration.js'
import {pace} from './progress-pace.js'
import type {ProgressStream} from '../base/cli-io.js'
import {progressScreen} from './progress-screen.js'

/** Runs of fewer items than this end too soon for a bar to help (convert's inputs, sync's sources). */
export const minimumCount = 20

/** A bar counting items done (files, sources), with their rate, the time left and the item at work. */
export interface CountProgress {
  /** `done` items are done; `current`, when given, is the one at work now. */
  advance(done: number, current?: string): void
  /** Names the item at work now (with how much of it is read, say). */
  current(text: string): void
  /** Prints `text` (whole lines) above the bar. */
  log(text: string): void
  /** Draws the last frame and clears the bar. */
  stop(): void
}

/** Options for {@link countProgress}. */
export interface CountOptions {
  /** What is under way: `convert`, `sync`. */
  label: string
  /** What is counted, plural: `files`, `sources`. */
  unit: string
  total: number
  /** A clock in ms: the rate and the time left are measured on it (tests pass their own). */
  now: () => number
}

/**
 * `convert [██░░░░░░░░] 20% | 120/600 files | 66 files/s | 7s left |
 * sessions/a.jsonl` on `stream`, a terminal: the one style of bar for a
 * folder's conversion and for a sync.
 */
export function countProgress(stream: ProgressStream, options: CountOptions): CountProgress {
  const {label, unit, total, now} = options
  const screen = progressScreen(stream)
  const started = now()
  const count = (value: number): string => value.toLocaleString('en-US')
  let done = 0
  let detail: string | undefined
  const draw = (): void => {
    const at = now()
    const speed = pace(done, total, at - started)
    screen.show(
      {
        label,
        fraction: total > 0 ? done / total : 1,
        amount: `${count(done)}/${count(total)} ${unit}`,
        ...(speed ? {rate: `${rate(speed.perSecond)} ${unit}/s`, left: formatDuration(speed.secondsLeft)} : {}),
        ...(detail === undefined ? {} : {detail})
      },
      at
    )
  }
  draw()
  return {
    advance(value, current) {
      done = value
      if (current !== undefined) detail = current
      draw()
    },
    current(text) {
      detail = text
      draw()
    },
    log: (text) => screen.log(text),
    stop: () => screen.stop()
  }
}

/** Items a second: one decimal below 10 (`2.5`), whole above (`1,240`). */
function rate(perSecond: number): string {
  return perSecond < 10 ? perSecond.toFixed(1) : Math.round(perSecond).toLocaleString('en-US')
}
