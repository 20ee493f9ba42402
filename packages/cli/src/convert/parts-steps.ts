import type {InputPart} from '@chatmark/core'
import {inputFromPath} from '@chatmark/core'
import type {CommandSetup} from './convert-in-pool.js'
import type {EntryContext, PartsPool} from './entry-context.js'
import type {EntryEvent} from './entry-events.js'
import {replayEvent} from './entry-events.js'
import type {JobFailure, PoolHandlers, PoolOptions} from '../pool/worker-pool.js'
import {runInPool} from '../pool/worker-pool.js'
import {convertWorkerScript} from '../pool/worker-script.js'
import type {JobItems, PartsJob, PartsState} from './parts-state.js'

/** Parts go to workers in jobs of about this many bytes (or {@link partsPerJob} parts), fewer messages to pass. */
const jobBytes = 1024 * 1024
const partsPerJob = 64

/** How the workers run: the command line each reads again, and the pool's limits. */
export function partsPoolOptions(context: EntryContext, pool: PartsPool): PoolOptions {
  return {
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
}

/** The jobs of the first pass: the parts as the input is split, about {@link jobBytes} a job. */
export async function* jobBatches(state: PartsState): AsyncGenerator<PartsJob> {
  const {reading} = state
  let parts: InputPart[] = []
  let seqs: number[] = []
  let bytes = 0
  for await (const part of reading.parts) {
    seqs.push(state.marks.length)
    state.marks.push(reading.file.messages.length)
    parts.push(part)
    bytes += part.bytes.byteLength
    if (bytes >= jobBytes || parts.length >= partsPerJob) {
      yield firstPassJob(state, parts, seqs)
      parts = []
      seqs = []
      bytes = 0
    }
  }
  if (parts.length > 0) yield firstPassJob(state, parts, seqs)
}

function firstPassJob(state: PartsState, parts: InputPart[], seqs: number[]): PartsJob {
  state.jobs.push({items: parts.map((part) => part.index), seqs, done: 0})
  return partsJob(state, parts)
}

function partsJob(state: PartsState, parts: InputPart[]): PartsJob {
  const {run} = state
  return {
    kind: 'parts',
    path: run.path,
    name: run.name,
    ...(run.archiveExport === undefined ? {} : {archiveExport: run.archiveExport}),
    format: state.format,
    parts
  }
}

/**
 * The parts whose worker failed, each a job of its own. Their bytes went to that worker: the input is split again
 * for them (streamed: a time limit too short for whole jobs may send every part here).
 */
export async function retryAlone(state: PartsState, options: PoolOptions): Promise<void> {
  const retried: JobItems[] = []
  const found = new Set<number>()
  const {again} = state
  async function* alone(): AsyncGenerator<PartsJob> {
    // The input changed or went meanwhile: what is not found again is named below.
    const split = await readAgain(state).catch(() => undefined)
    for await (const part of split ?? []) {
      const seq = again.get(part.index)
      if (seq === undefined) continue
      found.add(part.index)
      retried.push({items: [part.index], seqs: [seq], done: 0})
      yield partsJob(state, [part])
      if (found.size === again.size) break
    }
  }
  await runInPool(alone(), options, partsDelivery(state, retried, true))
  for (const [item, seq] of again) if (!found.has(item)) failParts(state, [item], seq, 'it could not be read again')
}

/** Delivers a pass's events; `jobs` are what each of its jobs holds. On the `last` pass a failure is named. */
export function partsDelivery(state: PartsState, jobs: JobItems[], last: boolean): PoolHandlers {
  return {
    async deliver(index: number, event: unknown) {
      const happened = event as EntryEvent | JobFailure
      const job = jobs[index]
      if (!job) return
      if (happened.kind === 'job-failed') return jobFailed(state, job, last, happened.reason)
      if (happened.kind === 'part-end') return partEnd(state, job, happened)
      if (happened.kind === 'json') return state.run.json(happened.text)
      await replayEvent(happened, state.run.sink)
    }
  }
}

/**
 * A crash or a hang took a job's parts not done with it: on the first pass each is tried again alone; one that
 * fails alone (or a job of one part) is named.
 */
function jobFailed(state: PartsState, job: JobItems, last: boolean, reason: string): void {
  const items = job.items.slice(job.done)
  const seqs = job.seqs.slice(job.done)
  if (!last && items.length > 1) {
    for (const [at, item] of items.entries()) state.again.set(item, seqs[at] ?? 0)
    return
  }
  failParts(state, items, seqs[0] ?? 0, reason)
}

/** A part done: its conversations counted, its messages kept for their place among the others. */
function partEnd(state: PartsState, job: JobItems, end: Extract<EntryEvent, {kind: 'part-end'}>): void {
  const seq = job.seqs[job.done] ?? 0
  job.done++
  state.parts++
  state.conversations += end.conversations
  for (let count = 0; count < end.conversations; count++) state.run.progress.conversation()
  const messages = end.messages.map((message) => {
    if (message.ruleId) state.rules.set(message.ruleId, (state.rules.get(message.ruleId) ?? 0) + 1)
    // Past what the input's file keeps of a rule (capMessages, with the split's own), a message is only
    // counted: its text can go.
    const key = `${message.source ?? ''}:${message.ruleId ?? ''}`
    const held = (state.kept.get(key) ?? 0) + 1
    state.kept.set(key, held)
    return held > 2 * state.perRule ? {...message, reason: ''} : message
  })
  state.reported.push({seq, report: {splitMessages: state.marks[seq] ?? 0, messages}})
}

/** Parts that could not be converted, named by their items, as a fatal message in their place. */
function failParts(state: PartsState, items: readonly number[], seq: number, why: string): void {
  const first = (items[0] ?? 0) + 1
  const last = (items.at(-1) ?? 0) + 1
  const named = first === last ? `item ${first}` : `items ${first} to ${last}`
  const reason = `${named} of the input not converted: ${why}`
  state.reported.push({
    seq,
    report: {splitMessages: state.marks[seq] ?? 0, messages: [{reason, fatal: true, ruleId: 'worker-failed'}]}
  })
}

/** The input's parts, split again (the parts of a job whose worker failed went with it). */
async function readAgain({context, run}: PartsState): Promise<AsyncIterable<InputPart>> {
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
