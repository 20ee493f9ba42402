import type {MessagePort} from 'node:worker_threads'
import type {FromWorker, ToWorker} from './worker-messages.js'

/** A worker's side of `runInPool`: the jobs it is given, and a way to send their events back. */
export interface WorkerChannel {
  /** Sends events of job `index`; resolves once the main thread has taken enough that more may be sent. */
  send(index: number, events: unknown[], bytes: number, transfer?: ArrayBuffer[]): Promise<void>
  /** Ends job `index`, with its last events if it has any (one message, not two). */
  done(index: number, events?: unknown[], bytes?: number, transfer?: ArrayBuffer[]): void
  /** Runs `handler` on each job, one at a time, as they come. */
  serve(handler: (index: number, job: unknown) => Promise<void>): void
}

/**
 * Flow control: the worker keeps a count of bytes sent and not yet
 * acknowledged, and waits while it is at `credit` or more, so a worker whose
 * job's turn has not come (see `runInPool`) stops rather than fill the main
 * thread's memory.
 */
export function workerChannel(port: MessagePort, credit: number): WorkerChannel {
  let unacked = 0
  let waiting: (() => void)[] = []
  const queue: {index: number; job: unknown}[] = []
  let handler: ((index: number, job: unknown) => Promise<void>) | undefined
  let running = false

  const run = async (): Promise<void> => {
    if (running || !handler) return
    running = true
    for (let item = queue.shift(); item; item = queue.shift()) await handler(item.index, item.job)
    running = false
  }

  port.on('message', (message: ToWorker) => {
    if (message.type === 'ack') {
      unacked -= message.bytes
      if (unacked < credit) {
        const resumed = waiting
        waiting = []
        for (const go of resumed) go()
      }
      return
    }
    queue.push({index: message.index, job: message.job})
    void run()
  })

  return {
    async send(index, events, bytes, transfer) {
      port.postMessage({type: 'events', index, events, bytes} satisfies FromWorker, transfer ?? [])
      unacked += bytes
      if (unacked >= credit) await new Promise<void>((go) => waiting.push(go))
    },
    done(index, events, bytes = 0, transfer) {
      if (events === undefined || events.length === 0) {
        port.postMessage({type: 'done', index} satisfies FromWorker)
        return
      }
      port.postMessage({type: 'events', index, events, bytes, done: true} satisfies FromWorker, transfer ?? [])
      unacked += bytes
    },
    serve(next) {
      port.postMessage({type: 'ready'} satisfies FromWorker)
      handler = next
      void run()
    }
  }
}
