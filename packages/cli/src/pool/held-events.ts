/** Events held to be sent together, with their flow-control bytes and the buffers they move. */
export interface EventBatch<Event> {
  events: Event[]
  bytes: number
  transfer: ArrayBuffer[]
}

/** A worker's events, held and sent in few messages (see {@link heldEvents}). */
export interface HeldEvents<Event> {
  /** The flow-control bytes of what is held. */
  readonly bytes: number
  /** Holds events; sends what is held once it comes to `flushBytes`. */
  hold(events: Event[], bytes: number, transfer?: ArrayBuffer[]): Promise<void>
  /** Sends what is held, if anything. */
  flush(): Promise<void>
  /** What is held, no longer held: the job's last events, to send with its end. */
  take(): EventBatch<Event>
}

/**
 * Holds a worker's events and sends them in batches: each message cost a
 * worker 60-400 µs in `postMessage` (with the main thread it wakes, on two
 * cores), and a message per note, per `matched` and per end came to 3% of each
 * worker's time on the folder of 1,500 sessions. What is held when a worker
 * crashes is lost with its job: an input fails whole, never half delivered;
 * an export's parts are converted again (see `convertParts`).
 */
export function heldEvents<Event>(
  send: (events: Event[], bytes: number, transfer?: ArrayBuffer[]) => Promise<void>,
  flushBytes = Number.POSITIVE_INFINITY
): HeldEvents<Event> {
  let held: EventBatch<Event> = {events: [], bytes: 0, transfer: []}
  const take = (): EventBatch<Event> => {
    const batch = held
    held = {events: [], bytes: 0, transfer: []}
    return batch
  }
  const flush = async (): Promise<void> => {
    if (held.events.length === 0) return
    const {events, bytes, transfer} = take()
    await send(events, bytes, transfer)
  }
  return {
    get bytes() {
      return held.bytes
    },
    async hold(events, bytes, transfer) {
      held.events.push(...events)
      held.bytes += bytes
      if (transfer) held.transfer.push(...transfer)
      if (held.bytes >= flushBytes) await flush()
    },
    flush,
    take
  }
}
