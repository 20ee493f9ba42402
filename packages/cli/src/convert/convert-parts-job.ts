import type {Input} from '@chatmark/core'
import {capMessages, inputFromPath} from '@chatmark/core'
import {VFile} from 'vfile'
import {emitConversation} from './emit-conversation.js'
import type {PartsJob} from './convert-parts.js'
import type {EntryContext} from './entry-context.js'
import type {EntryEvent} from './entry-events.js'
import {postingSink} from './entry-events.js'
import type {EventBatch} from '../pool/held-events.js'
import {heldEvents} from '../pool/held-events.js'
import {jsonReportConversation} from './report.js'
import {stagingIn} from '../output/write-note.js'

/** How many parts' events a worker sends in one message, unless they come to `flushBytes` first. */
const partsPerMessage = 8
const flushBytes = 1 << 20

/** The input of the parts last converted, opened as the main thread opened it: a job's parts are of one input. */
let opened: {path: string; archiveExport: number | undefined; input: Promise<Input>} | undefined

/**
 * A worker's job of parts (see `convertParts`): parses, redacts and renders
 * the parts' conversations as the command line asks, sending what each makes
 * (a `--json` piece without its separator), then, for each part, how many
 * conversations it gave and its messages. Returns the last events, not yet
 * sent, to send with the job's end.
 */
export async function convertPartsJob(
  job: PartsJob,
  context: EntryContext,
  send: (events: EntryEvent[], bytes: number, transfer?: ArrayBuffer[]) => Promise<void>
): Promise<EventBatch<EntryEvent>> {
  if (opened?.path !== job.path || opened.archiveExport !== job.archiveExport) {
    const choice = job.archiveExport === undefined ? {} : {archiveExport: job.archiveExport}
    opened = {
      path: job.path,
      archiveExport: job.archiveExport,
      input: inputFromPath(job.path, {blocking: context.blockingReads ?? false}).then((input) =>
        context.normalizer.open({...input, name: job.name}, choice)
      )
    }
  }
  const input = await opened.input
  // What parts make is sent with their ends, `partsPerMessage` parts a message: an export's part is a conversation
  // or two, and a message per note and per end cost a worker 3-8% of its time in postMessage, a message per part
  // 3% more (the 200 MB export, side by side). Parts whose ends never arrive (their worker crashed) are converted
  // again, one a job (see `convertParts`), up to seven converted before the crash among them. Never a part in halves.
  const held = heldEvents(send)
  let heldParts = 0
  const sink = postingSink(held.hold, stagingIn(context.noteFolder, context.temporaryRun))
  const {args, render, readOptions} = context
  const options = {...readOptions, ...(args.list || args.to === 'json' ? {} : {render})}
  for (const part of job.parts) {
    // The disk cannot take notes (see `postingSink`): the run is stopping, and what is left of the job is not read.
    if (sink.closed()) break
    const file = capMessages(new VFile({path: input.name}), context.normalizer.limits.maxMessagesPerRule)
    let conversations = 0
    for await (const read of context.normalizer.parsePart(job.format, part, input, file, options)) {
      if (sink.closed()) break
      conversations++
      await emitConversation(read, job.name, context, sink, async (conversation) => {
        const text = [...jsonReportConversation(conversation, true)].join('')
        await held.hold([{kind: 'json', text}], text.length)
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
    await held.hold([{kind: 'part-end', conversations, messages}], 64 * (messages.length + 1))
    if (++heldParts % partsPerMessage === 0 || held.bytes >= flushBytes) await held.flush()
  }
  return held.take()
}
