import type {EntryEvent} from './entry-events.js'

/** Events held to be sent together, with their flow-control bytes and the buffers they move. */
export interface EventBatch {
  events: EntryEvent[]
  bytes: number
  transfer: ArrayBuffer[]
}

/** A worker's events, held and sent in few messages (see {@link heldEvents}). */
export interface HeldEvents {
  /** The flow-control bytes of what is held. */
  readonly bytes: number
  /** Holds events; sends what is held once it comes to `flushBytes`. */
  hold(events: EntryEvent[], bytes: number, transfer?: ArrayBuffer[]): Promise<void>
  /** Sends what is held, if anything. */
  flush(): Promise<void>
  /** What is held, no longer held: the job's last events, to send with its end. */
  take(): EventBatch
}

/**
 * Holds a worker's events and sends them in batches: each `postMessage` and
 * the acknowledgement it earns cost a worker 60-400 µs, and a message per note,
 * per `matched` and per end spent 3% of each worker's time on the folder of
 * 1,500 sessions. What is held when a worker crashes is lost with its job,
 * which is failed (never half delivered, never converted twice).
 */
export function heldEvents(
  send: (events: EntryEvent[], bytes: number, transfer?: ArrayBuffer[]) => Promise<void>,
  flushBytes = Number.POSITIVE_INFINITY
): HeldEvents {
  let held: EventBatch = {events: [], bytes: 0, transfer: []}
  const take = (): EventBatch => {
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
