import {resolve} from 'node:path'
import type {NoteLink, Normalizer} from '@chatmark/core'
import {inputFromFolder, inputFromPath, temporaryRun} from '@chatmark/core'
import type {CliArgs} from '../args/cli-args.js'
import {defaultTimeLimitSeconds} from '../args/cli-args.js'
import type {CommandLine} from '../args/command-line.js'
import {UsageError} from '../base/usage-error.js'
import {usageReport} from '../args/usage-report.js'
import type {CliIo} from '../base/cli-io.js'
import type {CollectOptions, InputEntry} from '../inputs/collect-inputs.js'
import {collectInputs, knownInputs} from '../inputs/collect-inputs.js'
import type {FolderWriter} from '../output/note-folder.js'
import {noteWriter} from '../output/note-folder.js'
import {orderedOutput} from '../output/ordered-output.js'
import {printable} from '../base/printable.js'
import {TakenNames} from '../output/taken-names.js'
import type {RunProgress} from '../progress/run-progress.js'
import {plainRunProgress} from '../progress/run-progress.js'
import {convertEntry} from './convert-entry.js'
import type {EntryContext} from './entry-context.js'
import {entryContext} from './entry-context.js'
import type {RunFolder} from './run-sink.js'
import {runSink} from './run-sink.js'
import type {RunState} from './run-state.js'
import {outputClosed, runState, stopping} from './run-state.js'

/**
 * Converts the inputs a command line names, as it asks: in this thread, or
 * on `--jobs` workers; notes on stdout or into the `-o` folder.
 *
 * @returns the exit status: 0 when every input was converted, 1 when any failed, 2 for a bad `-o`.
 */
export async function convertCommand(argv: string[], io: CliIo, {args, normalizer}: CommandLine): Promise<number> {
  const jobs = args.jobs ?? io.cores ?? 1
  const context = await entryContext(args, normalizer, io.cwd)
  // A bad -o is a usage error, found before any input is read.
  let out: FolderWriter | undefined
  try {
    out = args.out === undefined ? undefined : await noteWriter(args.out, io.cwd, context.writer)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(usageReport('chatmark', error))
    return 2
  }
  const entries = await collectInputs(args.inputs, inputOptions(args, normalizer, context, io.cwd))
  const pooled = entries.filter((entry) => entry.kind === 'file' || entry.kind === 'folder')
  const progress = await runProgress(io, pooled.length, out !== undefined && !args.explain)
  const state = runState()
  // A disk that cannot take notes stops the run (see `RunState.diskStop`): the workers are stopped with `stopRun`.
  const stopRun = new AbortController()
  const runSignal = io.signal ? AbortSignal.any([io.signal, stopRun.signal]) : stopRun.signal
  // With -o, notes are written side by side, and what is printed about them and about the inputs stays in order.
  const folder: RunFolder | undefined = out
    ? {writer: out, ordered: orderedOutput(16), taken: new TakenNames()}
    : undefined
  const sink = runSink(state, {io, context, progress, stopRun, ...(folder ? {folder} : {})})
  // What is not converted is said in its place among the inputs.
  const inline = async (entry: InputEntry): Promise<void> => {
    if (entry.kind === 'refused') {
      sink.stderr(`${entry.path}: ${entry.reason}\n`)
      state.failed = true
    } else if (entry.kind === 'skipped') {
      sink.stderr(`${entry.path}: skipped: ${entry.reason}\n`)
    } else await convertEntry(entry, context, sink, io.stdin)
  }
  const timeLimitMs = (args.timeLimit ?? defaultTimeLimitSeconds) * 1000
  // Many inputs: a worker each. One input in parts (an export): its parts spread over the workers.
  // Workers write notes into -o's folder as temporary files marked with this run: removed if it stops early.
  const run = temporaryRun()
  if (jobs > 1) context.parts = {jobs, timeLimitMs, argv, run, signal: runSignal}
  // What this thread converts itself is held to the same limit, checked between steps (see `InputClock`).
  context.timeLimit = {ms: timeLimitMs, now: io.timeLimitNow ?? (() => performance.now())}
  // One thread converting many inputs, one after another, waits on each read (behind its notes' fsyncs in libuv's
  // pool), so it reads them with blocking calls (see `PathInputOptions`): 12-15% faster on a folder of 1,500
  // sessions. One large input keeps its streamed read, which reads ahead while it is parsed (8% faster on the
  // 200 MB export). With workers, they read so, and this thread stays free to write what they make.
  context.blockingReads = jobs === 1 && pooled.length > 1
  try {
    if (jobs > 1 && pooled.length > 1) {
      // The pool is imported only by runs that use it: a small session starts without it.
      const {convertInPool} = await import('./convert-in-pool.js')
      await convertInPool(entries, {
        argv,
        cwd: io.cwd,
        run,
        jobs,
        timeLimitMs,
        sink,
        inline,
        begin: (path) => progress.begin(path),
        signal: runSignal
      })
    } else {
      for (const entry of entries) {
        if (stopping(state, io)) break
        if (entry.kind === 'file' || entry.kind === 'folder') progress.begin(entry.path)
        await inline(entry)
      }
    }
    await folder?.ordered.drain()
  } finally {
    progress.stop()
  }
  await endRun(state, {io, args, context, ...(folder ? {folder} : {}), run: jobs > 1 ? run : undefined})
  return state.failed ? 1 : 0
}

/** How the operands are walked into inputs: the registered formats' files, and the folders and exports they read. */
function inputOptions(args: CliArgs, normalizer: Normalizer, context: EntryContext, cwd: string): CollectOptions {
  return {
    cwd,
    // `.zip`: core reads the members that formats declare (`archiveMembers`) straight from the archive.
    ...knownInputs(normalizer.formats),
    followSymlinks: args.followSymlinks,
    exportsOf: async (path) => normalizer.exports(await inputFromPath(resolve(cwd, path))),
    async claimsFolder(path) {
      const detection = await normalizer.detect(await inputFromFolder(resolve(cwd, path)), context.readOptions)
      const verdict = detection.verdicts.find((candidate) => candidate.format === detection.format)
      return verdict?.confidence === 'certain' || verdict?.confidence === 'likely'
    }
  }
}

/** The run's progress: a bar only when stderr is a terminal (and only then is the bar's code imported). */
async function runProgress(io: CliIo, inputs: number, folder: boolean): Promise<RunProgress> {
  const stream = io.stderrStream
  return stream?.isTTY
    ? (await import('../progress/terminal-run-progress.js')).terminalRunProgress(io, stream, {inputs, folder})
    : plainRunProgress(io)
}

/** What {@link endRun} finishes. */
interface RunEnd {
  io: CliIo
  args: CliArgs
  context: EntryContext
  folder?: RunFolder
  /** The workers' mark on their temporary files, when workers ran. */
  run: string | undefined
}

/**
 * The end of a run, once every input is done: why a disk stopped it, the
 * index page of its notes, the folder synced, and `--only` that matched nothing.
 */
async function endRun(state: RunState, {io, args, context, folder, run}: RunEnd): Promise<void> {
  if (state.diskStop !== undefined && args.out !== undefined) {
    const {problem, code} = state.diskStop
    const notes = state.notesWritten === 1 ? '1 note' : `${state.notesWritten} notes`
    io.stderr.write(
      `chatmark: cannot write notes to ${printable(args.out)}: ${problem} (${code}). ` +
        `Stopped after writing ${notes}; nothing that was there is lost, and a run with room writes the rest\n`
    )
  }
  // Notes with links between them: a page that lists every one in the folder (`index.html`), this run's and
  // those earlier runs wrote there, which each page links back to.
  if (folder && context.writer.index && state.links.length > 0 && !stopping(state, io)) {
    try {
      const links = await everyLink(state.links, folder.writer)
      const index = await folder.writer.index(context.writer.index(links), folder.taken)
      if (index.kept !== undefined) {
        io.stderr.write(`${index.kept}: changed since chatmark wrote it, so kept; the new index is ${index.path}\n`)
      }
      io.stdout.write(`${index.path}\n`)
    } catch (error) {
      io.stderr.write(`chatmark: index: ${error instanceof Error ? error.message : String(error)}\n`)
      state.failed = true
    }
  }
  await folder?.writer.finish(run)
  if (args.only.length > 0 && state.matched === 0 && !args.explain && !outputClosed(io)) {
    io.stderr.write(`chatmark: no conversation matched --only ${args.only.map((only) => `\`${only}\``).join(', ')}\n`)
    state.failed = true
  }
}

/** This run's notes and every other the folder holds, once each (by file name: this run's as it wrote them). */
async function everyLink(written: readonly NoteLink[], folder: FolderWriter): Promise<NoteLink[]> {
  const byFile = new Map((await folder.links()).map((link) => [link.href, link]))
  for (const link of written) byFile.set(link.href, link)
  return [...byFile.values()]
}
