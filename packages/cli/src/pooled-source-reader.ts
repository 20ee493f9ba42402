import type {RenderOptions} from '@chatmark/core'
import {loadRenderModules} from '@chatmark/core'
import type {SourceEvent, SourceReader} from '@chatmark/vault'
import type {WorkerSetup} from './convert-in-pool.js'
import type {SourceJob, SourceJobEvent} from './read-source-job.js'
import type {JobFailure} from './worker-pool.js'
import {runInPool} from './worker-pool.js'
import {convertWorkerScript} from './worker-script.js'

/** Options for {@link pooledSourceReader}. */
export interface PooledSources {
  jobs: number
  timeLimitMs: number
  redact: boolean
}

/** Events the reader holds before the vault takes them: then the pool waits. */
const maxQueued = 256

/**
 * `chatmark sync`'s source reader with `--jobs` above 1: workers read the
 * changed sources (parse and redact), and the vault gets their conversations
 * in the order of the sources, to render and place in this thread. A source
 * whose worker crashed or ran out of time ends failed, after the
 * conversations it gave.
 */
export function pooledSourceReader(pool: PooledSources): SourceReader {
  return (files, {formatOptions, render}) =>
    streamEvents(files, {
      jobs: files.map((path): SourceJob => ({kind: 'source', path, formatOptions})),
      pool,
      render
    })
}

async function* streamEvents(
  files: readonly string[],
  run: {jobs: SourceJob[]; pool: PooledSources; render: RenderOptions | undefined}
): AsyncGenerator<SourceEvent> {
  const queue: SourceEvent[] = []
  let taken: (() => void) | undefined
  let arrived: (() => void) | undefined
  let ended: {error?: unknown} | undefined
  const push = async (event: SourceEvent): Promise<void> => {
    queue.push(event)
    arrived?.()
    while (queue.length >= maxQueued && !stopped) await new Promise<void>((resolve) => (taken = resolve))
  }
  let stopped = false
  // The vault stopped taking events (it failed): the workers are stopped rather than left reading the rest.
  const stop = new AbortController()
  const running = runInPool(
    run.jobs,
    {
      size: Math.min(run.pool.jobs, Math.max(1, run.jobs.length)),
      timeLimitMs: run.pool.timeLimitMs,
      script: convertWorkerScript(),
      setup: {sync: {redact: run.pool.redact}} satisfies WorkerSetup,
      signal: stop.signal
    },
    {
      async deliver(index, event) {
        const file = files[index] ?? ''
        const happened = event as SourceJobEvent | JobFailure
        if (happened.kind === 'job-failed') return push({type: 'end', file, fatal: happened.reason})
        if (happened.kind === 'source-end') {
          return push(happened.fatal === undefined ? {type: 'end', file} : {type: 'end', file, fatal: happened.fatal})
        }
        // Rendered here: what the note needs beyond the serialiser is loaded first (see `ReadOptions.render`).
        if (run.render) await loadRenderModules(happened.conversation, run.render)
        return push({type: 'conversation', file, conversation: happened.conversation})
      }
    }
  ).then(
    () => {
      ended = {}
      arrived?.()
    },
    (error: unknown) => {
      ended = {error}
      arrived?.()
    }
  )
  try {
    for (;;) {
      const event = queue.shift()
      if (event) {
        taken?.()
        yield event
        continue
      }
      if (ended) break
      await new Promise<void>((resolve) => (arrived = resolve))
    }
  } finally {
    stopped = true
    if (!ended) stop.abort()
    taken?.()
    await running
  }
  if (ended?.error) throw ended.error
}
