import type {SourceEvent, SourceReader} from '@chatmark/vault'
import {syncStaged} from '@chatmark/vault'
import type {SourceJob, SyncWorkerSetup} from './read-source-job.js'
import type {JobFailure} from '../pool/worker-pool.js'
import {runInPool} from '../pool/worker-pool.js'
import {convertWorkerScript} from '../pool/worker-script.js'

/** Options for {@link pooledSourceReader}. */
export interface PooledSources extends SyncWorkerSetup {
  jobs: number
  timeLimitMs: number
}

/** Events the reader holds before the vault takes them: then the pool waits. */
const maxQueued = 256

/**
 * `chatmark sync`'s source reader with `--jobs` above 1: workers read the
 * changed sources and render their notes (parse, redact, filter, render), and
 * the vault gets the notes in the order of the sources, to place in this
 * thread. A source whose worker crashed or ran out of time ends failed, after
 * the notes it gave.
 */
export function pooledSourceReader(pool: PooledSources): SourceReader {
  return (sources, options) => {
    // A worker stages each note's text without syncing it: this thread syncs them side by side as they come.
    const jobOptions = options.staging ? {...options, staging: {...options.staging, sync: false}} : options
    return streamEvents(
      sources.map((source) => source.path),
      sources.map((source): SourceJob => ({kind: 'source', source, options: jobOptions})),
      pool
    )
  }
}

async function* streamEvents(
  files: readonly string[],
  jobs: SourceJob[],
  pool: PooledSources
): AsyncGenerator<SourceEvent> {
  const queue: SourceEvent[] = []
  let taken: (() => void) | undefined
  let arrived: (() => void) | undefined
  let ended: {error?: unknown} | undefined
  let stopped = false
  const push = async (event: SourceEvent): Promise<void> => {
    queue.push(event)
    arrived?.()
    while (queue.length >= maxQueued && !stopped) await new Promise<void>((resolve) => (taken = resolve))
  }
  // The vault stopped taking events (it failed, or was stopped): the workers are stopped rather than left reading.
  const stop = new AbortController()
  const {jobs: size, timeLimitMs, ...setup} = pool
  const running = runInPool(
    jobs,
    {
      size: Math.min(size, Math.max(1, jobs.length)),
      timeLimitMs,
      script: convertWorkerScript(),
      setup: {sync: setup} satisfies {sync: SyncWorkerSetup},
      signal: stop.signal
    },
    {
      deliver(index, event) {
        const happened = event as SourceEvent | JobFailure
        if ('kind' in happened && happened.kind === 'job-failed') {
          return push({type: 'end', file: files[index] ?? '', fatal: happened.reason})
        }
        const found = happened as SourceEvent
        if (found.type === 'note' && found.note.staged !== undefined) {
          const ready = syncStaged(found.note.staged)
          // Awaited when the note is placed; a note never placed (the run stopped) leaves no rejection unheard.
          ready.catch(() => undefined)
          return push({...found, ready})
        }
        return push(found)
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
