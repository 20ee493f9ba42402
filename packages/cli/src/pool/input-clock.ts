/** Why an input stopped once it had used its time (`--time-limit`), with workers or without. */
export function timeLimitReason(limitMs: number): string {
  return `stopped after ${limitMs / 1000} s, the time limit for one input (--time-limit)`
}

/** Thrown where an input converted in this thread has used its time (see {@link InputClock}). */
export class TimeLimitError extends Error {}

/**
 * The time an input converted in this thread may take (`--time-limit` with
 * `-j 1`, or a single input): no worker to stop, so the conversion checks it
 * between its steps (each record read, each conversation, each piece of a
 * note), every one of which is bounded (a message's parse by the parse
 * budget). As a worker's clock stops while the main thread has not taken its
 * events, this one stops while a note's pieces are being written out: a reader
 * slow to read stdout costs the input nothing.
 */
export class InputClock {
  readonly #limitMs: number
  readonly #now: () => number
  #spentMs = 0
  /** When the clock last started; `undefined` while it is stopped. */
  #since: number | undefined

  constructor(limitMs: number, now: () => number) {
    this.#limitMs = limitMs
    this.#now = now
    this.#since = now()
  }

  start(): void {
    this.#since ??= this.#now()
  }

  stop(): void {
    if (this.#since === undefined) return
    this.#spentMs += this.#now() - this.#since
    this.#since = undefined
  }

  /** @throws {TimeLimitError} once the input has used its time. */
  check(): void {
    const running = this.#since === undefined ? 0 : this.#now() - this.#since
    if (this.#spentMs + running > this.#limitMs) throw new TimeLimitError(timeLimitReason(this.#limitMs))
  }
}

/** A note's pieces, made with the input's clock running and written out with it stopped (see {@link InputClock}). */
export function* clocked(pieces: Iterable<string>, clock: InputClock): Generator<string> {
  const iterator = pieces[Symbol.iterator]()
  try {
    for (;;) {
      clock.check()
      const next = iterator.next()
      if (next.done) return
      clock.check()
      clock.stop()
      yield next.value
      clock.start()
    }
  } finally {
    clock.start()
    iterator.return?.()
  }
}
