import {SingleBar} from 'cli-progress'
import {formatBytes} from '@chatmark/core'

/** Inputs smaller than this convert too fast to need a bar. */
const minimumBytes = 32 * 1024 * 1024

/** What a progress bar needs of stderr. */
export interface ProgressStream {
  isTTY?: boolean
}

/** A progress bar for one input: feed it bytes read and conversations done. */
export interface Progress {
  read(bytes: number, size: number | undefined): void
  conversation(): void
  stop(): void
}

/**
 * A progress bar on stderr that follows how much of a large input has been
 * read, with a count of conversations. It appears only when stderr is a
 * terminal and the input is large and of known size; otherwise it stays quiet
 * (a log, a pipe, CI). cli-progress draws it: it redraws in place, throttles
 * updates and restores the cursor.
 */
export function createProgress(name: string, stream: ProgressStream | undefined): Progress {
  let bar: SingleBar | undefined
  let started = false
  let conversations = 0
  let last = 0
  let total = 0
  const payload = (bytes: number) => ({name, read: formatBytes(bytes), size: formatBytes(total), conversations})
  return {
    read(bytes, size) {
      last = bytes
      if (!started) {
        started = true
        if (!stream?.isTTY || size === undefined || size < minimumBytes) return
        total = size
        bar = new SingleBar({
          stream: stream as NodeJS.WritableStream,
          format: '{name} [{bar}] {percentage}% | {read} of {size} | {conversations} conversations',
          hideCursor: true,
          clearOnComplete: true
        })
        bar.start(total, 0, payload(0))
      }
      bar?.update(Math.min(bytes, total), payload(bytes))
    },
    conversation() {
      conversations++
      bar?.update(Math.min(last, total), payload(last))
    },
    stop() {
      bar?.stop()
    }
  }
}
