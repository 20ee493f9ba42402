import {parentPort, workerData} from 'node:worker_threads'
import {readCommandLine} from './command-line.js'
import type {ConvertibleEntry} from './convert-entry.js'
import {convertEntry} from './convert-entry.js'
import type {WorkerSetup} from './convert-in-pool.js'
import {entryContext} from './entry-context.js'
import {postingSink} from './entry-events.js'
import {workerChannel} from './worker-channel.js'

// A worker of `convertInPool`: reads the command line as the main thread did, then converts the inputs it is given,
// one at a time, posting what each makes (see `postingSink`).
const {setup, creditBytes} = workerData as {setup: WorkerSetup; creditBytes: number}
if (!parentPort) throw new Error('convert-worker.js runs as a worker thread of the chatmark command')
const {args, normalizer} = await readCommandLine(setup.argv, setup.cwd)
const context = await entryContext(args, normalizer, setup.cwd)
const channel = workerChannel(parentPort, creditBytes)
channel.serve(async (index, job) => {
  await convertEntry(
    job as ConvertibleEntry,
    context,
    postingSink((events, bytes) => channel.send(index, events, bytes))
  )
  channel.done(index)
})
