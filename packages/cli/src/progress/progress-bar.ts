import {formatBytes} from '@chatmark/core'
import {formatDuration} from './format-duration.js'
import {printable} from '../base/printable.js'
import {pace} from './progress-pace.js'
import type {ProgressStream} from '../base/cli-io.js'
import type {ProgressScreen} from './progress-screen.js'
import {progressScreen} from './progress-screen.js'

/** Inputs smaller than this convert too fast to need a bar. */
export const minimumBytes = 32 * 1024 * 1024

/** A progress bar for one input: feed it bytes read and conversations done. */
export interface Progress {
  read(bytes: number, size: number | undefined): void
  conversation(): void
  stop(): void
}

/**
 * A progress bar on stderr that follows how much of a large input has been
 * read, with its rate, the time left and a count of conversations, in the
 * style of every chatmark bar (`progressLine`). It appears only when stderr
 * is a terminal and the input is large and of known size; otherwise it stays
 * quiet (a log, a pipe, CI). `now` is the clock the rate is measured on.
 */
export function createProgress(
  name: string,
  stream: ProgressStream | undefined,
  now: () => number = () => performance.now()
): Progress {
  let screen: ProgressScreen | undefined
  let started = false
  let conversations = 0
  let last = 0
  let total = 0
  let begun = 0
  const draw = (): void => {
    if (!screen) return
    const at = now()
    const read = Math.min(last, total)
    const speed = pace(read, total, at - begun)
    screen.show(
      {
        label: printable(name),
        fraction: read / total,
        amount: `${formatBytes(read)} of ${formatBytes(total)}`,
        ...(speed ? {rate: `${formatBytes(speed.perSecond)}/s`, left: formatDuration(speed.secondsLeft)} : {}),
        detail: `${conversations.toLocaleString('en-US')} conversations`
      },
      at
    )
  }
  return {
    read(bytes, size) {
      last = bytes
      if (!started) {
        started = true
        if (!stream?.isTTY || size === undefined || size < minimumBytes) return
        total = size
        begun = now()
        screen = progressScreen(stream)
      }
      draw()
    },
    conversation() {
      conversations++
      draw()
    },
    stop() {
      screen?.stop()
    }
  }
}
