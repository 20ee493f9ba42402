import assert from 'node:assert/strict'
import {afterEach, test, vi} from 'vitest'
import type {JobFailure} from '../src/pool/worker-pool.js'
import {runInPool} from '../src/pool/worker-pool.js'

// The pool itself, with workers written here: each job is a word saying what its worker does with it. No clock
// decides a test: what a test waits for, it waits for as an event (a worker's signal on shared memory), and the
// time limit's clock is the test's own (vitest's fake timers, which the pool's timers and `Date.now` then are).

/** What a worker signals (an index of the shared signals), for the test to wait for. */
const failing = 0
const done = 1
const hangingSignal = 2

/**
 * A worker speaking the pool's protocol by hand: `ok` is done at once with a note; `done` is done with none, then
 * signals `done`; `hang` signals `hangingSignal`, then never ends (it waits on memory no one else has); `throw` throws
 * outside any job's promise (the worker dies with an uncaught exception) and `exit` ends the thread, each once it
 * has signalled `failing`.
 */
const script = {
  eval: true,
  execArgv: [],
  source: `const {workerData: {port, setup}} = require('node:worker_threads')
    const signals = new Int32Array(setup)
    const signal = (at) => { Atomics.store(signals, at, 1); Atomics.notify(signals, at) }
    let running = Promise.resolve()
    const run = ({index, job}) => new Promise((resolve) => {
      if (job === 'done') { port.postMessage({type: 'done', index}); signal(${done}); resolve() }
      if (job === 'hang') { signal(${hangingSignal}); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0) }
      if (job === 'throw') setImmediate(() => { signal(${failing}); throw new Error('thrown') })
      if (job === 'exit') { signal(${failing}); process.exit(3) }
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

/** The signals a run's workers set (see `script`). */
type Signals = Int32Array<SharedArrayBuffer>

/**
 * Blocks this thread until a worker sets signal `at`: meanwhile nothing the workers post is heard. (Bounded, so
 * that a worker that never signals fails the test rather than freezing the run: a blocked thread runs no timeout.)
 */
function blockUntil(signals: Signals, at: number): void {
  assert.notEqual(Atomics.wait(signals, at, 0, 60_000), 'timed-out', `no signal ${at} from the worker`)
}

interface RunOptions {
  size: number
  timeLimitMs?: number
  /** Called after job 0's event is delivered. */
  delivered0?: (signals: Signals) => void
}

/**
 * Runs the jobs on `size` workers and says what each job gave, in order, in `said` (filled as they are
 * delivered). `jobs`: given the run's signals, the jobs, which the pool reads as it starts them.
 */
async function run(
  jobs: (signals: Signals) => Iterable<string>,
  options: RunOptions,
  said: string[] = []
): Promise<string[]> {
  const signals = new Int32Array(new SharedArrayBuffer(12))
  await runInPool(
    jobs(signals),
    {size: options.size, timeLimitMs: options.timeLimitMs ?? 0, script, setup: signals.buffer},
    {
      async deliver(index, event) {
        said.push(`${index}: ${typeof event === 'string' ? event : (event as JobFailure).reason}`)
        if (index === 0) options.delivered0?.(signals)
      }
    }
  )
  return said
}

afterEach(() => {
  vi.useRealTimers()
})

test('a job done just before its worker dies is kept; the failure is the next job’s, run once', async () => {
  for (const failure of ['throw', 'exit']) {
    // With the main thread free; and busy from the moment job 1 is sent to the worker (reading the next input) until
    // the worker is failing on it: job 0's end and the failure then wait to be heard together.
    const free = function* (): Generator<string> {
      yield* ['ok', failure, 'ok']
    }
    const busy = function* (signals: Signals): Generator<string> {
      yield* ['ok', failure]
      blockUntil(signals, failing)
      yield 'ok'
    }
    for (const jobs of [free, busy]) {
      assert.deepEqual(
        await run(jobs, {size: 1}),
        [
          '0: note 0',
          failure === 'throw'
            ? '1: the worker converting it failed: thrown'
            : '1: the worker converting it stopped (exit code 3)',
          '2: note 2'
        ],
        `${failure}, main thread ${jobs.name}`
      )
    }
  }
})

test('a job done in time is kept, though the main thread was too busy to hear it before its limit', async () => {
  vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'Date']})
  // Job 1's clock starts as job 0 is done. The main thread, delivering job 0, is blocked until job 1 is done (its
  // end posted, unheard), then its whole time limit passes at once: the limit's timer runs before the end is heard.
  const busy = (signals: Signals): void => {
    blockUntil(signals, done)
    vi.advanceTimersByTime(1000)
  }
  assert.deepEqual(await run(() => ['ok', 'done', 'ok'], {size: 1, timeLimitMs: 1000, delivered0: busy}), [
    '0: note 0',
    '2: note 2'
  ])
})

test('a job that never ends is stopped when its time limit has passed, not before; the next job goes on', async () => {
  vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'Date']})
  const said: string[] = []
  let hangs: () => void = () => {}
  const hanging = new Promise<void>((resolve) => (hangs = resolve))
  // Job 1's clock runs once job 0 is done (it is then delivered); wait until job 1 is under way in its worker too.
  const delivered0 = (signals: Signals): void => {
    blockUntil(signals, hangingSignal)
    hangs()
  }
  const ran = run(() => ['ok', 'hang', 'ok'], {size: 1, timeLimitMs: 300, delivered0}, said)
  await hanging
  await vi.advanceTimersByTimeAsync(299)
  assert.deepEqual(said, ['0: note 0'])
  await vi.advanceTimersByTimeAsync(1)
  assert.deepEqual(await ran, [
    '0: note 0',
    '1: stopped after 0.3 s, the time limit for one input (--time-limit)',
    '2: note 2'
  ])
})
