import type {InputPart, PartReport, Reading} from '@chatmark/core'
import {mergePartMessages} from '@chatmark/core'
import type {EntrySink} from './convert-entry.js'
import type {WorkerSetup} from './convert-in-pool.js'
import type {EntryContext} from './entry-context.js'
import type {EntryEvent} from './entry-events.js'
import {replayEvent} from './entry-events.js'
import type {Progress} from './progress-bar.js'
import type {JobFailure} from './worker-pool.js'
import {runInPool} from './worker-pool.js'
import {convertWorkerScript} from './worker-script.js'

/** A worker's job of parts: the input (opened again in the worker), its format, and some of its parts. */
export interface PartsJob {
  kind: 'parts'
  /** The input's file, absolute, and its name as given. */
  path: string
  name: string
  format: string
  parts: InputPart[]
}

/** Parts go to workers in jobs of about this many bytes (or {@link partsPerJob} parts), fewer messages to pass. */
const jobBytes = 1024 * 1024
const partsPerJob = 64

/** Where {@link convertParts} sends what the parts make. */
export interface PartsRun {
  name: string
  path: string
  sink: EntrySink
  progress: Progress
  /** Writes one conversation's `--json` piece (the caller knows whether it is the input's first). */
  json(text: string): Promise<void>
}

/**
 * Converts an input read in parts (`FormatPlugin.parts`: a data export) on
 * `context.parts.jobs` workers: this thread only splits it, the workers parse,
 * redact and render each part's conversations, and what they make is written
 * here in the order of the parts (the notes, names and output of a run
 * without workers). The parts' messages follow the scan's own (a document cut
 * off, an element nested too deep), in the order of the parts. A job whose
 * worker crashed or ran out of time is a failure naming its parts.
 */
export async function convertParts(
  reading: Reading & {parts: AsyncIterable<InputPart>},
  context: EntryContext,
  run: PartsRun
): Promise<void> {
  const pool = context.parts
  const format = reading.detection.format
  if (!pool || format === undefined) throw new Error('convertParts needs a pool and a format')
  // The items each job holds (their indexes), to name those not done if it fails; not the parts, whose bytes go.
  const ranges: {first: number; last: number; done: number}[] = []
  async function* batches(): AsyncGenerator<PartsJob> {
    let parts: InputPart[] = []
    let bytes = 0
    const job = (): PartsJob => {
      ranges.push({first: parts[0]?.index ?? 0, last: parts.at(-1)?.index ?? 0, done: 0})
      return {kind: 'parts', path: run.path, name: run.name, format: format as string, parts}
    }
    for await (const part of reading.parts) {
      // The split's messages so far: this part's come after them (see `mergePartMessages`).
      marks.push(reading.file.messages.length)
      parts.push(part)
      bytes += part.bytes.byteLength
      if (bytes >= jobBytes || parts.length >= partsPerJob) {
        yield job()
        parts = []
        bytes = 0
      }
    }
    if (parts.length > 0) yield job()
  }
  const marks: number[] = []
  const reports: PartReport[] = []
  const rules = new Map<string, number>()
  const kept = new Map<string, number>()
  const perRule = context.normalizer.limits.maxMessagesPerRule + 1
  let parts = 0
  let conversations = 0
  await runInPool(
    batches(),
    {
      size: pool.jobs,
      timeLimitMs: pool.timeLimitMs,
      script: convertWorkerScript(),
      setup: {argv: pool.argv, cwd: context.cwd, run: pool.run} satisfies WorkerSetup,
      transfer: (job) => ownBuffers(job as PartsJob),
      // The export's many small notes, once written faster, peaked at 276-300 MB with 8 MB (53-55 s for 2 GB) and
      // 266-274 MB with 4 MB (55-57 s): the margin under 300 MB is worth the time. Measured again once containment
      // mostly skipped markdown-it: 8 MB halves each worker's garbage collection (0.7 s to 0.35-0.4 s of 5.5 s on
      // the 200 MB export) but the 2 GB export peaked at 272-286 MB (256-272 MB with 4 MB).
      youngGenerationMb: 4,
      ...(pool.signal ? {signal: pool.signal} : {})
    },
    {
      async deliver(index, event) {
        const happened = event as EntryEvent | JobFailure
        if (happened.kind === 'job-failed') {
          const range = ranges[index]
          const first = (range?.first ?? 0) + (range?.done ?? 0) + 1
          const last = (range?.last ?? 0) + 1
          const items = first === last ? `item ${first}` : `items ${first} to ${last}`
          const reason = `${items} of the input not converted: ${happened.reason}`
          reports.push({splitMessages: marks[parts] ?? 0, messages: [{reason, fatal: true, ruleId: 'worker-failed'}]})
          return
        }
        if (happened.kind === 'part-end') {
          const range = ranges[index]
          if (range) range.done++
          parts++
          conversations += happened.conversations
          for (let count = 0; count < happened.conversations; count++) run.progress.conversation()
          const messages = happened.messages.map((message) => {
            if (message.ruleId) rules.set(message.ruleId, (rules.get(message.ruleId) ?? 0) + 1)
            // Past what the input's file keeps of a rule (capMessages, with the split's own), a message is only
            // counted: its text can go.
            const key = `${message.source ?? ''}:${message.ruleId ?? ''}`
            const held = (kept.get(key) ?? 0) + 1
            kept.set(key, held)
            return held > 2 * perRule ? {...message, reason: ''} : message
          })
          reports.push({splitMessages: marks[parts - 1] ?? 0, messages})
          return
        }
        if (happened.kind === 'json') return run.json(happened.text)
        await replayEvent(happened, run.sink)
      }
    }
  )
  mergePartMessages(reading.file, reports)
  context.normalizer.endParts(format, parts, conversations, rules, reading.file)
}

/**
 * The buffers of a job's parts that each hold one part alone (what
 * `readJsonItemBytes` gives), moved to the worker instead of copied; a view
 * into a larger buffer (Node's shared pool, a chunk) is copied as usual.
 */
function ownBuffers(job: PartsJob): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>()
  for (const {bytes} of job.parts) {
    const {buffer} = bytes
    if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
      buffers.add(buffer)
    }
  }
  return [...buffers]
}
