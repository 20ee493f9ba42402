import {parentPort, workerData} from 'node:worker_threads'
import type {Input} from '@chatmark/core'
import {capMessages, inputFromPath} from '@chatmark/core'
import {VFile} from 'vfile'
import {readCommandLine} from './command-line.js'
import {convertEntry, emitConversation} from './convert-entry.js'
import type {EntryJob, WorkerSetup} from './convert-in-pool.js'
import type {PartsJob} from './convert-parts.js'
import type {EntryContext} from './entry-context.js'
import {entryContext} from './entry-context.js'
import type {EntryEvent} from './entry-events.js'
import {postingSink} from './entry-events.js'
import type {SourceJob} from './read-source-job.js'
import {readSourceJob} from './read-source-job.js'
import {jsonReportConversation} from './report.js'
import {workerChannel} from './worker-channel.js'

// A worker of `convertInPool` and `convertParts`: reads the command line as the main thread did, then converts
// what it is given, one job at a time (a whole input, or some parts of one), posting what it makes. Or a worker
// of `chatmark sync` (`pooledSourceReader`): reads sources.

/** The input of the parts last converted, opened as the main thread opened it: a job's parts are of one input. */
let opened: {path: string; input: Promise<Input>} | undefined
const {setup, creditBytes} = workerData as {setup: WorkerSetup; creditBytes: number}
if (!parentPort) throw new Error('convert-worker.js runs as a worker thread of the chatmark command')
const channel = workerChannel(parentPort, creditBytes)
if ('sync' in setup) {
  const {redact} = setup.sync
  channel.serve(async (index, job) => {
    await readSourceJob(job as SourceJob, redact, (events, bytes) => channel.send(index, events, bytes))
    channel.done(index)
  })
} else {
  const {args, normalizer} = await readCommandLine(setup.argv, setup.cwd)
  const context = await entryContext(args, normalizer, setup.cwd)
  channel.serve(async (index, job) => {
    const send = (events: EntryEvent[], bytes: number, transfer?: ArrayBuffer[]): Promise<void> =>
      channel.send(index, events, bytes, transfer)
    const sink = postingSink(send)
    const work = job as EntryJob | PartsJob
    if (work.kind === 'entry') await convertEntry(work.entry, context, sink)
    else await convertPartsJob(work, context, send)
    channel.done(index)
  })
}

/** Parses, redacts and renders some parts of an input; each part ends with its count and messages. */
async function convertPartsJob(
  job: PartsJob,
  context: EntryContext,
  send: (events: EntryEvent[], bytes: number) => Promise<void>
): Promise<void> {
  if (opened?.path !== job.path) {
    opened = {
      path: job.path,
      input: inputFromPath(job.path).then((input) => context.normalizer.open({...input, name: job.name}))
    }
  }
  const input = await opened.input
  const sink = postingSink(send)
  const {args, render, readOptions} = context
  const options = {...readOptions, ...(args.list || args.to === 'json' ? {} : {render})}
  for (const part of job.parts) {
    const file = capMessages(new VFile({path: input.name}), context.normalizer.limits.maxMessagesPerRule)
    let conversations = 0
    for await (const read of context.normalizer.parsePart(job.format, part, input, file, options)) {
      conversations++
      await emitConversation(read, job.name, context, sink, async (conversation) => {
        const text = [...jsonReportConversation(conversation, true)].join('')
        await send([{kind: 'json', text}], text.length)
      })
    }
    const messages = file.messages.map((message) => ({
      reason: message.reason,
      fatal: message.fatal === true,
      ...(message.ruleId ? {ruleId: message.ruleId} : {}),
      ...(message.source ? {source: message.source} : {}),
      ...(message.line ? {line: message.line} : {}),
      ...(message.column ? {column: message.column} : {})
    }))
    await send([{kind: 'part-end', conversations, messages}], 64 * (messages.length + 1))
  }
}
