/** Output done in the order it was asked for, while the slow part of each note (its writing) runs side by side. */
export interface OrderedOutput {
  /** Does `action` after everything asked for before it. */
  after(action: () => void | Promise<void>): void
  /**
   * Starts `start` now, and does `finish` with its outcome in order (after
   * everything asked for before). Resolves once fewer than the limit are
   * started and not finished, so a fast producer waits for the disk.
   */
  staged<T>(start: () => Promise<T>, finish: (outcome: PromiseSettledResult<T>) => Promise<void>): Promise<void>
  /** Resolves when everything asked for is done. */
  drain(): Promise<void>
}

/**
 * Keeps a run's output in order while its notes are written side by side: up
 * to `limit` notes are written to their temporary files (and synced) at once,
 * then named one at a time in the order they came, between the messages
 * printed around them. Writing many small notes waits mostly on the disk
 * (an fsync each); one after another, a folder of 1,500 sessions spent most
 * of its time there.
 */
export function orderedOutput(limit: number): OrderedOutput {
  let chain: Promise<void> = Promise.resolve()
  let pending = 0
  const room: (() => void)[] = []
  // An action never breaks the chain: each one reports its own failures.
  const append = (action: () => void | Promise<void>): void => {
    chain = chain.then(action).catch(() => undefined)
  }
  return {
    after: append,
    async staged<T>(start: () => Promise<T>, finish: (outcome: PromiseSettledResult<T>) => Promise<void>) {
      pending++
      const started = start().then(
        (value): PromiseSettledResult<T> => ({status: 'fulfilled', value}),
        (reason: unknown): PromiseSettledResult<T> => ({status: 'rejected', reason})
      )
      append(async () => {
        try {
          await finish(await started)
        } finally {
          pending--
          room.shift()?.()
        }
      })
      while (pending >= limit) await new Promise<void>((resolve) => room.push(resolve))
    },
    drain: () => chain
  }
}
