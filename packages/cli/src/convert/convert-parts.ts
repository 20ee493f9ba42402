import type {InputPart, PartReport, Reading} from '@chatmark/core'
import {inputFromPath, mergePartMessages} from '@chatmark/core'
import type {EntrySink} from './entry-sink.js'
import type {CommandSetup} from './convert-in-pool.js'
import type {EntryContext} from './entry-context.js'
import type {EntryEvent} from './entry-events.js'
import {replayEvent} from './entry-events.js'
import type {Progress} from '../progress/progress-bar.js'
import type {JobFailure} from '../pool/worker-pool.js'
import {runInPool} from '../pool/worker-pool.js'
import {convertWorkerScript} from '../pool/worker-script.js'

/** A worker's job of parts: the input (opened again in the worker), its format, and some of its parts. */
export interface PartsJob {
  kind: 'parts'
  /** The input's file, absolute, and its name as given. */
  path: string
  name: string
  /** Which of a zip archive's data exports (`ReadOptions.archiveExport`), when it holds several. */
  archiveExport?: number
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
  /** Which of a zip archive's data exports is read (`ReadOptions.archiveExport`), when it holds several. */
  archiveExport?: number
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
 * off, an element nested too deep), in the order of the parts. The parts of
 * a job whose worker crashed or ran out of time before their ends came are
 * split from the input again and converted one a job, after the others: a
 * part that fails alone is named, and only it.
 */
export async function convertParts(
  reading: Reading & {parts: AsyncIterable<InputPart>},
  context: EntryContext,
  run: PartsRun
): Promise<void> {
  const pool = context.parts
  const format = reading.detection.format
  if (!pool || format === undefined) throw new Error('convertParts needs a pool and a format')
  // Each part's place in the reading order (`seq`) and the split's messages before it (`marks[seq]`): its own
  // messages go after those (see `mergePartMessages`), wherever it is converted.
  const marks: number[] = []
  const reported: {seq: number; report: PartReport}[] = []
  const rules = new Map<string, number>()
  const kept = new Map<string, number>()
  const perRule = context.normalizer.limits.maxMessagesPerRule + 1
  let parts = 0
  let conversations = 0
  /** Items of a job whose worker failed while they were not done, to convert again one a job: item → seq. */
  const again = new Map<number, number>()

  // Delivers a pass's events; `jobs` are what each of its jobs holds. On the `last` pass a failure is named.
  const handlers = (jobs: JobItems[], last: boolean) => ({
    async deliver(index: number, event: unknown) {
      const happened = event as EntryEvent | JobFailure
      const job = jobs[index]
      if (!job) return
      if (happened.kind === 'job-failed') {
        const items = job.items.slice(job.done)
        const seqs = job.seqs.slice(job.done)
        // A crash or a hang took these with it: each is tried again alone, and only one that fails alone is named.
        if (!last && items.length > 1) {
          for (const [at, item] of items.entries()) again.set(item, seqs[at] ?? 0)
          return
        }
        failed(items, seqs[0] ?? 0, happened.reason)
        return
      }
      if (happened.kind === 'part-end') {
        const seq = job.seqs[job.done] ?? 0
        job.done++
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
        reported.push({seq, report: {splitMessages: marks[seq] ?? 0, messages}})
        return
      }
      if (happened.kind === 'json') return run.json(happened.text)
      await replayEvent(happened, run.sink)
    }
  })
  const failed = (items: readonly number[], seq: number, why: string): void => {
    const first = (items[0] ?? 0) + 1
    const last = (items.at(-1) ?? 0) + 1
    const named = first === last ? `item ${first}` : `items ${first} to ${last}`
    const reason = `${named} of the input not converted: ${why}`
    reported.push({
      seq,
      report: {splitMessages: marks[seq] ?? 0, messages: [{reason, fatal: true, ruleId: 'worker-failed'}]}
    })
  }
  const options = {
    size: pool.jobs,
    timeLimitMs: pool.timeLimitMs,
    script: convertWorkerScript(),
    setup: {argv: pool.argv, cwd: context.cwd, run: pool.run} satisfies CommandSetup,
    transfer: (job: unknown) => ownBuffers(job as PartsJob),
    // The export's many small notes, once written faster, peaked at 276-300 MB with 8 MB (53-55 s for 2 GB) and
    // 266-274 MB with 4 MB (55-57 s): the margin under 300 MB is worth the time. Measured again once containment
    // mostly skipped markdown-it: 8 MB halves each worker's garbage collection (0.7 s to 0.35-0.4 s of 5.5 s on
    // the 200 MB export) but the 2 GB export peaked at 272-286 MB (256-272 MB with 4 MB).
    youngGenerationMb: 4,
    ...(pool.signal ? {signal: pool.signal} : {})
  }

  // What each job holds, to name what is not done if it fails; not the parts, whose bytes go.
  const jobs: JobItems[] = []
  const jobInput = {
    path: run.path,
    name: run.name,
    ...(run.archiveExport === undefined ? {} : {archiveExport: run.archiveExport})
  }
  const job = (parts: InputPart[], seqs: number[]): PartsJob => {
    jobs.push({items: parts.map((part) => part.index), seqs, done: 0})
    return {kind: 'parts', ...jobInput, format: format as string, parts}
  }
  async function* batches(): AsyncGenerator<PartsJob> {
    let parts: InputPart[] = []
    let seqs: number[] = []
    let bytes = 0
    for await (const part of reading.parts) {
      seqs.push(marks.length)
      marks.push(reading.file.messages.length)
      parts.push(part)
      bytes += part.bytes.byteLength
      if (bytes >= jobBytes || parts.length >= partsPerJob) {
        yield job(parts, seqs)
        parts = []
        seqs = []
        bytes = 0
      }
    }
    if (parts.length > 0) yield job(parts, seqs)
  }
  await runInPool(batches(), options, handlers(jobs, false))

  if (again.size > 0 && !pool.signal?.aborted) {
    // The parts' bytes went to the worker that failed: the input is split again for them, and each is a job of its
    // own (streamed: a time limit too short for whole jobs may send every part here).
    const retried: JobItems[] = []
    const found = new Set<number>()
    async function* alone(): AsyncGenerator<PartsJob> {
      // The input changed or went meanwhile: what is not found again is named below.
      const split = await readAgain(context, run).catch(() => undefined)
      for await (const part of split ?? []) {
        const seq = again.get(part.index)
        if (seq === undefined) continue
        found.add(part.index)
        retried.push({items: [part.index], seqs: [seq], done: 0})
        yield {kind: 'parts', ...jobInput, format: format as string, parts: [part]}
        if (found.size === again.size) break
      }
    }
    await runInPool(alone(), options, handlers(retried, true))
    for (const [item, seq] of again) if (!found.has(item)) failed([item], seq, 'it could not be read again')
  }
  mergePartMessages(
    reading.file,
    reported.sort((a, b) => a.seq - b.seq).map(({report}) => report)
  )
  context.normalizer.endParts(format, parts, conversations, rules, reading.file)
}

/** A job's items (their indexes in the input), their places in the reading order, and how many are done. */
interface JobItems {
  items: number[]
  seqs: number[]
  done: number
}

/** The input's parts, split again (the parts of a job whose worker failed went with it). */
async function readAgain(context: EntryContext, run: PartsRun): Promise<AsyncIterable<InputPart>> {
  const input = await inputFromPath(run.path)
  const reading = await context.normalizer.read(
    {...input, name: run.name},
    {
      ...context.readOptions,
      inParts: true,
      ...(run.archiveExport === undefined ? {} : {archiveExport: run.archiveExport})
    }
  )
  if (!reading.parts) throw new Error('the input is no longer read in parts')
  return reading.parts
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
