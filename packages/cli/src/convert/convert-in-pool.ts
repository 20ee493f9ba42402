import type {InputEntry} from '../inputs/collect-inputs.js'
import type {ConvertibleEntry, EntrySink} from './entry-sink.js'
import type {EntryEvent} from './entry-events.js'
import {replayEvent} from './entry-events.js'
import {jsonReportEnd} from './report.js'
import type {JobFailure} from '../pool/worker-pool.js'
import {runInPool} from '../pool/worker-pool.js'
import {convertWorkerScript} from '../pool/worker-script.js'

/** A worker's job of a whole input. */
export interface EntryJob {
  kind: 'entry'
  entry: ConvertibleEntry
}

/** A conversion's command line, where it runs, and the mark on its temporary files (see `temporaryRun`). */
export interface CommandSetup {
  argv: string[]
  cwd: string
  run: string
}

/** Options for {@link convertInPool}. */
export interface PoolRun extends CommandSetup {
  /** How many workers. */
  jobs: number
  /** Per input; 0: none. */
  timeLimitMs: number
  /** Where the inputs' events go, in the order of the inputs. */
  sink: EntrySink
  /** Handles, in the main thread and in its place, an entry no worker takes (refused, skipped, stdin). */
  inline(entry: InputEntry): Promise<void>
  /** An input's turn has come: what the inputs before it made is written (for a progress bar). */
  begin?(path: string): void
  /** Aborted when stdout's reader has gone: the workers are stopped. */
  signal?: AbortSignal
}

/**
 * Converts the files and folders among `entries` on worker threads (each
 * worker reads the same command line and converts whole inputs), and writes
 * what they make through `run.sink` in the order of the entries, with the
 * other entries handled in their places: the output is the one a run without
 * workers gives. An input whose worker crashed or ran out of time fails with
 * that reason, after whatever it made before; a `--json` line it began is ended.
 */
export async function convertInPool(entries: readonly InputEntry[], run: PoolRun): Promise<void> {
  const jobs: Extract<ConvertibleEntry, {path: string}>[] = []
  const places: number[] = []
  for (const [place, entry] of entries.entries()) {
    if (entry.kind !== 'file' && entry.kind !== 'folder') continue
    jobs.push(entry)
    places.push(place)
  }
  let handled = 0
  const handleUpTo = async (end: number): Promise<void> => {
    for (; handled < end && !run.sink.closed(); handled++) await run.inline(entries[handled]!)
  }
  // Whether the job's `--json` line is begun and not ended: its pieces end with a line break only at the end.
  let lineOpen = false
  await runInPool(
    jobs.map((entry): EntryJob => ({kind: 'entry', entry})),
    {
      size: Math.min(run.jobs, jobs.length),
      timeLimitMs: run.timeLimitMs,
      script: convertWorkerScript(),
      setup: {argv: run.argv, cwd: run.cwd, run: run.run} satisfies CommandSetup,
      ...(run.signal ? {signal: run.signal} : {})
    },
    {
      async turn(index) {
        await handleUpTo(places[index]!)
        handled = places[index]! + 1
        run.begin?.(jobs[index]!.path)
        lineOpen = false
      },
      async deliver(index, event) {
        const failure = event as JobFailure | EntryEvent
        if (run.sink.closed()) return
        if (failure.kind !== 'job-failed') {
          if (failure.kind === 'stdout') lineOpen = !failure.text.endsWith('\n')
          try {
            await replayEvent(failure, run.sink)
          } catch (error) {
            // stdout's reader has gone (the write was aborted): the run stops, quietly.
            if (!run.sink.closed()) throw error
          }
          return
        }
        if (lineOpen)
          await run.sink.stdout([
            jsonReportEnd([{reason: failure.reason, line: undefined, ruleId: undefined, fatal: true}])
          ])
        run.sink.stderr(`${jobs[index]!.path}: ${failure.reason}\n`)
        run.sink.failed()
      }
    }
  )
  await handleUpTo(entries.length)
}
