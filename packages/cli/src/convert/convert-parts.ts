import type {InputPart, Reading} from '@chatmark/core'
import {mergePartMessages} from '@chatmark/core'
import type {EntryContext} from './entry-context.js'
import {runInPool} from '../pool/worker-pool.js'
import type {PartsRun} from './parts-state.js'
import {partsState} from './parts-state.js'
import {jobBatches, partsDelivery, partsPoolOptions, retryAlone} from './parts-steps.js'

export type {PartsJob, PartsRun} from './parts-state.js'

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
  const state = partsState(reading, context, run, format)
  const options = partsPoolOptions(context, pool)
  await runInPool(jobBatches(state), options, partsDelivery(state, state.jobs, false))
  if (state.again.size > 0 && !pool.signal?.aborted) await retryAlone(state, options)
  mergePartMessages(
    reading.file,
    state.reported.sort((a, b) => a.seq - b.seq).map(({report}) => report)
  )
  context.normalizer.endParts(format, state.parts, state.conversations, state.rules, reading.file)
}
