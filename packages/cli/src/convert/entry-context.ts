import type {Conversation, Normalizer, NoteWriter, ReadOptions, RenderOptions} from '@chatmark/core'
import {resolve} from 'node:path'
import {loadWriter} from '../writers/builtin-writers.js'
import type {CliArgs} from '../args/cli-args.js'

/** What converting an input needs, made the same way from the same command line in the main thread and in workers. */
export interface EntryContext {
  normalizer: Normalizer
  args: CliArgs
  readOptions: ReadOptions
  render: RenderOptions
  writer: NoteWriter
  /** `--to json` on stdout: one JSON line per input. */
  jsonLines: boolean
  /** Notes go into a folder (`-o`), under this name (with the writer's extension). */
  noteName?: (conversation: Conversation) => string
  /** That folder, absolute: a worker writes its notes' text there, to temporary files the main thread names. */
  noteFolder?: string
  /** The main thread's mark on its workers' temporary files (see `temporaryRun`). */
  temporaryRun?: string
  cwd: string
  /** Inputs read with blocking calls (`PathInputOptions.blocking`): in a worker, or one thread converting many. */
  blockingReads?: boolean
  /**
   * In the main thread with `--jobs` above 1: an input whose format reads in
   * parts (an export) is converted by that many workers, a part at a time.
   */
  parts?: PartsPool
  /**
   * In the main thread, for the inputs it converts itself (`-j 1`, or one
   * input): `--time-limit` in ms and the clock it is measured on, checked
   * between the conversion's steps (see `InputClock`). Workers are stopped by
   * their pool instead.
   */
  timeLimit?: {ms: number; now: () => number}
}

/** How the parts of an input are spread over workers (see `convertParts`). */
export interface PartsPool {
  jobs: number
  timeLimitMs: number
  /** The command line, which each worker reads again. */
  argv: string[]
  /** The mark on the workers' temporary files, removed if the run stops early. */
  run: string
  signal?: AbortSignal
}

/** `--page-size`'s default, in MB: a page of about 4 MB opens at once in a browser, on a phone too. */
export const defaultPageMegabytes = 4

/**
 * What converting inputs needs, from the command line's arguments: the same
 * in the main thread and in every worker. Only what the run needs is
 * imported (the writer asked for; file naming with `-o`).
 */
export async function entryContext(args: CliArgs, normalizer: Normalizer, cwd: string): Promise<EntryContext> {
  const writer = await loadWriter(args.to)
  const render: RenderOptions = {
    profile: args.profile,
    thinking: args.thinking,
    notices: args.notices,
    parseMessages: args.parseMessages,
    remoteContent: args.remoteContent,
    ...(args.maxResultChars === undefined ? {} : {maxResultChars: args.maxResultChars}),
    ...(args.foldLines === undefined ? {} : {foldLines: args.foldLines}),
    ...(args.timeZone === undefined ? {} : {timeZone: args.timeZone}),
    // Pages split only in a folder, where each has a name the others can link to.
    ...(args.out === undefined ? {} : {pageChars: (args.pageSize ?? defaultPageMegabytes) * 1024 * 1024})
  }
  const context: EntryContext = {
    normalizer,
    args,
    // The format options given, as the formats read them from `context.options` (each declares its own).
    readOptions: {...(args.format === undefined ? {} : {format: args.format}), formatOptions: args.formatOptions},
    render,
    writer,
    // `--to json` on stdout is `--json`: one line per input, with its detection and messages.
    jsonLines: args.to === 'json' && args.out === undefined,
    cwd
  }
  if (args.out !== undefined) {
    const {noteFileName} = await import('../output/note-file-name.js')
    context.noteName = (conversation) => noteFileName(conversation, writer.extension)
    context.noteFolder = resolve(cwd, args.out)
  }
  return context
}
