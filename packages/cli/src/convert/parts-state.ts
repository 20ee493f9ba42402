import type {InputPart, PartReport, Reading} from '@chatmark/core'
import type {EntrySink} from './entry-sink.js'
import type {Progress} from '../progress/progress-bar.js'
import type {EntryContext} from './entry-context.js'

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

/** Where `convertParts` sends what the parts make. */
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

/** A job's items (their indexes in the input), their places in the reading order, and how many are done. */
export interface JobItems {
  items: number[]
  seqs: number[]
  done: number
}

/** An input being converted in parts (see `convertParts`): what its parts reported, and what is to be tried again. */
export interface PartsState {
  readonly reading: Reading & {parts: AsyncIterable<InputPart>}
  readonly context: EntryContext
  readonly run: PartsRun
  readonly format: string
  /**
   * Each part's place in the reading order (`seq`) and the split's messages before it (`marks[seq]`): its own
   * messages go after those (see `mergePartMessages`), wherever it is converted.
   */
  readonly marks: number[]
  readonly reported: {seq: number; report: PartReport}[]
  /** Messages by rule id, for the format's `none`. */
  readonly rules: Map<string, number>
  /** Messages by source and rule, to keep the text of only as many as the input's file keeps. */
  readonly kept: Map<string, number>
  readonly perRule: number
  /** Parts done, and the conversations they read. */
  parts: number
  conversations: number
  /** What each job of the first pass holds, to name what is not done if it fails; not the parts, whose bytes go. */
  readonly jobs: JobItems[]
  /** Items of a job whose worker failed while they were not done, to convert again one a job: item → seq. */
  readonly again: Map<number, number>
}

/** The state of an input about to be split. */
export function partsState(
  reading: Reading & {parts: AsyncIterable<InputPart>},
  context: EntryContext,
  run: PartsRun,
  format: string
): PartsState {
  return {
    reading,
    context,
    run,
    format,
    marks: [],
    reported: [],
    rules: new Map(),
    kept: new Map(),
    perRule: context.normalizer.limits.maxMessagesPerRule + 1,
    parts: 0,
    conversations: 0,
    jobs: [],
    again: new Map()
  }
}
