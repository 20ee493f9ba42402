import {MessageChannel, receiveMessageOnPort, Worker} from 'node:worker_threads'
import {stopClock} from './job-clock.js'
import type {PoolState, PoolWorker} from './pool-state.js'
import type {FromWorker} from './worker-messages.js'
import {creditBytes} from './worker-messages.js'

/** What the pool does when a worker posts a message, or fails (throws, or exits). */
export interface WorkerEvents {
  hear(state: PoolState, pooled: PoolWorker, message: FromWorker): void
  fail(state: PoolState, pooled: PoolWorker, reason: string): void
}

/** Starts a worker of the pool, which tells `events` what it posts and how it fails. */
export function spawnWorker(state: PoolState, events: WorkerEvents): PoolWorker {
  const {options} = state
  const {port1: port, port2} = new MessageChannel()
  const worker = new Worker(options.script.source, {
    eval: options.script.eval,
    execArgv: options.script.execArgv,
    workerData: {setup: options.setup, creditBytes, port: port2},
    transferList: [port2],
    // A smaller young generation than V8's default (48 MB), which a worker per core besides the main thread
    // would add up: 16 MB. At 8 MB a session's records outgrew the nursery: the folder of 1,500 sessions spent
    // 1.6-1.7 s of each worker's 9.6 s in garbage collection (0.5-0.7 s at 16 MB) and took 9.8-10.5 s instead
    // of 7.9-8.6 s (side by side), in 10-20 MB less. An export's parts, small and many, choose their own.
    resourceLimits: {maxYoungGenerationSizeMb: options.youngGenerationMb ?? 16},
    stdout: false,
    stderr: false
  })
  const pooled: PoolWorker = {
    worker,
    port,
    catchUp() {
      while (!pooled.gone) {
        const posted = receiveMessageOnPort(port)
        if (!posted) return
        events.hear(state, pooled, posted.message as FromWorker)
      }
    },
    job: undefined,
    next: undefined,
    unacked: 0,
    remainingMs: options.timeLimitMs,
    clockStarted: undefined,
    timer: undefined,
    ready: false,
    gone: false
  }
  port.on('message', (message: FromWorker) => events.hear(state, pooled, message))
  worker.on('error', (error) => events.fail(state, pooled, `the worker converting it failed: ${error.message}`))
  worker.on('exit', (code) => events.fail(state, pooled, `the worker converting it stopped (exit code ${code})`))
  state.workers.push(pooled)
  return pooled
}

/** Stops a worker for good; its job, if any, is the caller's to finish. */
export function retire(state: PoolState, pooled: PoolWorker): void {
  if (pooled.gone) return
  pooled.gone = true
  stopClock(pooled)
  if (pooled.next) state.returned.push(pooled.next)
  pooled.next = undefined
  state.workers.splice(state.workers.indexOf(pooled), 1)
  pooled.port.close()
  state.stopping.push(pooled.worker.terminate().catch(() => undefined))
}
