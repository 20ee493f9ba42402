import type {Input} from '../read/input.js'

/** Thrown by {@link guardStalls} when the guarded stream made no progress for too long. */
export class StallError extends Error {
  constructor(readonly stallMs: number) {
    super(`it neither read the input nor yielded a conversation for ${stallMs / 1000} s`)
    this.name = 'StallError'
  }
}

/** When something last happened: a byte read, an item yielded. */
export interface Activity {
  last: number
}

/** An input that marks `activity` whenever a chunk of it (or of one of its entries) is read. */
export function watchedInput(input: Input, activity: Activity): Input {
  const watch = async function* (chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunks) {
      activity.last = Date.now()
      yield chunk
    }
  }
  const watched: Input = {...input, open: () => watch(input.open())}
  const {openEntry} = input
  if (openEntry) watched.openEntry = (path) => watch(openEntry.call(input, path))
  return watched
}

/**
 * The items of `items`, failing with a {@link StallError} when `stallMs`
 * pass with no item and no activity (see {@link watchedInput}): a format whose
 * stream never ends, waiting on nothing, must not hold its input (and every
 * input after it) forever. Work that blocks the thread cannot be interrupted
 * here; a worker pool with a time limit per input can.
 */
export async function* guardStalls<T>(items: AsyncIterable<T>, activity: Activity, stallMs: number): AsyncGenerator<T> {
  const iterator = items[Symbol.asyncIterator]()
  if (stallMs <= 0) {
    yield* {[Symbol.asyncIterator]: () => iterator}
    return
  }
  let timer: NodeJS.Timeout | undefined
  // The wait for the next item, when one is under way: the timer fails it. Never a race against one promise
  // that lives as long as the stream: each race would add a reaction to it that holds its item, so every
  // conversation read would be kept until the end (a 290 MB export held 260 MB).
  let waiting: ((error: StallError) => void) | undefined
  const check = (): void => {
    const idle = Date.now() - activity.last
    if (waiting && idle >= stallMs) waiting(new StallError(stallMs))
    else timer = setTimeout(check, waiting ? stallMs - idle : stallMs)
  }
  timer = setTimeout(check, stallMs)
  try {
    for (;;) {
      // Time spent by the consumer between items is not the stream's.
      activity.last = Date.now()
      const next = await new Promise<IteratorResult<T>>((resolve, reject) => {
        waiting = reject
        iterator.next().then(resolve, reject)
      })
      waiting = undefined
      if (next.done) return
      yield next.value
    }
  } finally {
    clearTimeout(timer)
  }
}
