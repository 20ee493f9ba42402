import {MessagePort, workerData} from 'node:worker_threads'
import {readCommandLine} from './args/command-line.js'
import {createNormalizer, normalizer as defaultNormalizer} from './formats/default-normalizer.js'
import {loadFormats} from './formats/load-formats.js'
import {convertEntry} from './convert/convert-entry.js'
import type {CommandSetup, EntryJob} from './convert/convert-in-pool.js'
import type {PartsJob} from './convert/convert-parts.js'
import {convertPartsJob} from './convert/convert-parts-job.js'
import {entryContext} from './convert/entry-context.js'
import type {EntryEvent} from './convert/entry-events.js'
import {postingSink} from './convert/entry-events.js'
import type {EventBatch} from './pool/held-events.js'
import {heldEvents} from './pool/held-events.js'
import type {SourceEvent} from '@chatmark/vault'
import type {SourceJob, SyncWorkerSetup} from './sync/read-source-job.js'
import {readSourceJob} from './sync/read-source-job.js'
import {workerChannel} from './pool/worker-channel.js'
import {stagingIn} from './output/write-note.js'

// A worker of `convertInPool` and `convertParts`: reads the command line as the main thread did, then converts
// what it is given, one job at a time (a whole input, or some parts of one), posting what it makes. Or a worker
// of `chatmark sync` (`pooledSourceReader`): reads sources.

/**
 * What a worker is given to start: the command line, read again there the
 * same way; or, for `chatmark sync`, whether to redact what it reads.
 */
type WorkerSetup = CommandSetup | {sync: SyncWorkerSetup}

/** See `heldEvents`: eight staged notes, 128 KB of notes bound for standard output, or a source's conversations. */
const entryFlushBytes = 128 * 1024

const {setup, creditBytes, port} = (workerData ?? {}) as {setup: WorkerSetup; creditBytes: number; port: unknown}
if (!(port instanceof MessagePort)) throw new Error('convert-worker.js runs as a worker thread of the chatmark command')
const channel = workerChannel(port, creditBytes)
if ('sync' in setup) {
  const {use, cwd} = setup.sync
  // The formats the main thread has, `--use` ones loaded here again.
  const formats = use.length > 0 ? await loadFormats(use, cwd) : []
  const normalizer = formats.length > 0 ? createNormalizer({formats}) : defaultNormalizer
  channel.serve(async (index, job) => {
    const held = heldEvents<SourceEvent>(
      (events, bytes, transfer) => channel.send(index, events, bytes, transfer),
      entryFlushBytes
    )
    await readSourceJob(job as SourceJob, normalizer, setup.sync, held.hold)
    const last = held.take()
    channel.done(index, last.events, last.bytes, last.transfer)
  })
} else {
  const {args, normalizer} = await readCommandLine(setup.argv, setup.cwd)
  const context = {...(await entryContext(args, normalizer, setup.cwd)), temporaryRun: setup.run, blockingReads: true}
  channel.serve(async (index, job) => {
    const send = (events: EntryEvent[], bytes: number, transfer?: ArrayBuffer[]): Promise<void> =>
      channel.send(index, events, bytes, transfer)
    const work = job as EntryJob | PartsJob
    let last: EventBatch<EntryEvent>
    if (work.kind === 'entry') {
      // An input's events go in messages of about `entryFlushBytes` (a staged note counts 16 KB), the last with
      // the job's end: a session of one note is one message.
      const held = heldEvents(send, entryFlushBytes)
      await convertEntry(work.entry, context, postingSink(held.hold, stagingIn(context.noteFolder, setup.run)))
      last = held.take()
    } else last = await convertPartsJob(work, context, send)
    channel.done(index, last.events, last.bytes, last.transfer)
  })
}
