import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {JobFailure} from '../src/worker-pool.js'
import {runInPool} from '../src/worker-pool.js'

// The pool itself, with workers written here: each job is a word saying what its worker does with it.

/**
 * A worker speaking the pool's protocol by hand: `ok` is done at once with a note, `slow` is done after 50 ms
 * with none, `hang` never is, `throw` throws outside any job's promise (the worker dies with an uncaught
 * exception), `exit` ends the thread.
 */
const script = {
  eval: true,
  execArgv: [],
  source: `const {workerData: {port}} = require('node:worker_threads')
    let running = Promise.resolve()
    const run = ({index, job}) => new Promise((resolve) => {
      if (job === 'slow') setTimeout(() => resolve(port.postMessage({type: 'done', index})), 50)
      if (job === 'throw') setTimeout(() => { throw new Error('thrown') })
      if (job === 'exit') process.exit(3)
    })
    port.postMessage({type: 'ready'})
    port.on('message', (message) => {
      if (message.type !== 'job') return
      // One job at a time, as \`workerChannel\` runs them.
      running = running.then(() => message.job === 'ok'
        ? port.postMessage({type: 'events', index: message.index, events: ['note ' + message.index],
            bytes: 10, done: true})
        : run(message))
    })`
}

/** Runs `jobs` on `size` workers and says what each job gave, in order; `busyMs`: the main thread is busy first. */
async function run(jobs: string[], options: {size: number; timeLimitMs?: number; busyMs?: number}): Promise<string[]> {
  const said: string[] = []
  const busy = (): void => {
    for (const end = Date.now() + (options.busyMs ?? 0); Date.now() < end; );
  }
  await runInPool(
    jobs,
    {size: options.size, timeLimitMs: options.timeLimitMs ?? 0, script, setup: undefined},
    {
      async turn(index) {
        // Busy while the workers start and run: what they post meanwhile arrives all at once.
        if (index === 0) busy()
      },
      async deliver(index, event) {
        said.push(`${index}: ${typeof event === 'string' ? event : (event as JobFailure).reason}`)
        // Busy past the next job's time limit while it runs, and is done; from the event loop's check phase, so
        // that its next turn runs the due timers before it polls for the worker's messages.
        if (index === 0 && options.busyMs) await new Promise((resolve) => setImmediate(resolve))
        if (index === 0) busy()
      }
    }
  )
  return said
}

test('a job done just before its worker dies is kept; the failure is the next job’s, run once', async () => {
  for (const busyMs of [0, 300]) {
    assert.deepEqual(
      await run(['ok', 'throw', 'ok'], {size: 1, busyMs}),
      ['0: note 0', '1: the worker converting it failed: thrown', '2: note 2'],
      `main thread busy ${busyMs} ms`
    )
    assert.deepEqual(
      await run(['ok', 'exit', 'ok'], {size: 1, busyMs}),
      ['0: note 0', '1: the worker converting it stopped (exit code 3)', '2: note 2'],
      `main thread busy ${busyMs} ms`
    )
  }
})

test('a job done in time is kept, though the main thread was too busy to hear it before its limit', async () => {
  // Job 1's clock starts as job 0 is done; the main thread is busy 1.5 s delivering job 0 while job 1 takes 50 ms
  // of its 1,000: when the main thread is free, the job's timer is due and its end has arrived.
  assert.deepEqual(await run(['ok', 'slow', 'ok'], {size: 1, timeLimitMs: 1000, busyMs: 1500}), [
    '0: note 0',
    '2: note 2'
  ])
  assert.deepEqual(await run(['ok', 'hang', 'ok'], {size: 1, timeLimitMs: 300}), [
    '0: note 0',
    '1: stopped after 0.3 s, the time limit for one input (--time-limit)',
    '2: note 2'
  ])
})
