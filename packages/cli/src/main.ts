import {constants} from 'node:fs'
import {access, mkdir, stat} from 'node:fs/promises'
import {createRequire} from 'node:module'
import {basename, resolve} from 'node:path'
import type {Normalizer, NoteLink, NoteWriter} from '@chatmark/core'
import {
  indexNoteId,
  inputFromFolder,
  inputFromPath,
  removeStaleTemporaries,
  syncFolder,
  temporaryRun
} from '@chatmark/core'
import {defaultTimeLimitSeconds, UsageError} from './args/cli-args.js'
import type {CliArgs} from './args/cli-args.js'
import type {CliIo} from './cli-io.js'
import type {InputEntry} from './inputs/collect-inputs.js'
import {collectInputs, knownInputs} from './inputs/collect-inputs.js'
import {readCommandLine} from './args/command-line.js'
import {helpText} from './args/help-text.js'
import {TimeLimitError} from './pool/input-clock.js'
import type {EntrySink, NoteContent} from './convert/entry-sink.js'
import {convertEntry} from './convert/convert-entry.js'
import {normalizer as defaultNormalizer} from './formats/default-normalizer.js'
import {orderedOutput} from './output/ordered-output.js'
import {TakenNames} from './output/taken-names.js'
import {entryContext} from './convert/entry-context.js'
import {listOptionLines} from './args/format-options.js'
import type {CliFormatOption} from './args/format-options.js'
import type {RunProgress} from './progress/run-progress.js'
import {plainRunProgress} from './progress/run-progress.js'
import {printable, terminalText} from './output/printable.js'
import {usageReport} from './args/usage-report.js'
import {writeProblem} from '@chatmark/vault'
import {writeChunks} from './output/write-chunks.js'
import type {StagedNote, WrittenNote} from './output/write-note.js'

/** The package's version, set by the bundler (`scripts/bundle.js`); the compiled library reads package.json. */
declare const CHATMARK_VERSION: string | undefined

/**
 * Runs the `chatmark` command line.
 *
 * @returns the exit status: 0 when every input was converted, 1 when any
 *   failed, 2 for usage errors.
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'sync') {
    const {syncCommand} = await import('./sync/sync-command.js')
    return syncCommand(argv.slice(1), io, defaultNormalizer)
  }
  let args: CliArgs
  let normalizer: Normalizer
  let formatOptions: CliFormatOption[]
  try {
    ;({args, normalizer, formatOptions} = await readCommandLine(argv, io.cwd))
    if (args.help) {
      io.stdout.write(`${helpText(normalizer.formats, formatOptions)}\n`)
      return 0
    }
    if (args.version) {
      io.stdout.write(`${version()}\n`)
      return 0
    }
    if (args.format !== undefined && !normalizer.formats.some((format) => format.name === args.format)) {
      const names = normalizer.formats.map((format) => format.name).join(', ')
      throw new UsageError(`Unknown format \`${args.format}\`: expected one of ${names}`)
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(usageReport('chatmark', error))
    return 2
  }

  if (args.listFormats) {
    const width = Math.max(...normalizer.formats.map((format) => format.name.length))
    for (const format of normalizer.formats) {
      io.stdout.write(
        `${format.name.padEnd(width)}  ${(format.extensions ?? []).join(' ').padEnd(24)}  ${format.description ?? ''}\n`
      )
    }
    if (args.inputs.length === 0 && !args.listOptions) return 0
  }
  if (args.listOptions) {
    for (const line of listOptionLines(formatOptions)) io.stdout.write(`${line}\n`)
    if (args.inputs.length === 0) return 0
  }

  // A stream that failed a write is destroyed at once; the signal follows on the next tick.
  const outputClosed = (): boolean =>
    io.signal?.aborted === true || (io.stdout as {destroyed?: boolean}).destroyed === true
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
  const entries = await collectInputs(args.inputs, {
    cwd: io.cwd,
    // `.zip`: core reads the members that formats declare (`archiveMembers`) straight from the archive.
    ...knownInputs(normalizer.formats),
    followSymlinks: args.followSymlinks,
    exportsOf: async (path) => normalizer.exports(await inputFromPath(resolve(io.cwd, path))),
    async claimsFolder(path) {
      const detection = await normalizer.detect(await inputFromFolder(resolve(io.cwd, path)), context.readOptions)
      const verdict = detection.verdicts.find((candidate) => candidate.format === detection.format)
      return verdict?.confidence === 'certain' || verdict?.confidence === 'likely'
    }
  })
  const pooled = entries.filter((entry) => entry.kind === 'file' || entry.kind === 'folder')
  // A progress bar is imported only when stderr is a terminal.
  const stream = io.stderrStream
  const progress: RunProgress = stream?.isTTY
    ? (await import('./progress/terminal-run-progress.js')).terminalRunProgress(io, stream, {
        inputs: pooled.length,
        folder: out !== undefined && !args.explain
      })
    : plainRunProgress(io)
  const written = new TakenNames()
  // A disk that cannot take notes (full, read-only, not ours) stops the run at the first note it refuses: every
  // other note would fail the same way, each after its input was read and rendered (and, in a worker, each one
  // cost a new worker: 200 conversations of an export took minutes). The workers are stopped with `stopRun`.
  const stopRun = new AbortController()
  const runSignal = io.signal ? AbortSignal.any([io.signal, stopRun.signal]) : stopRun.signal
  let diskStop: {problem: string; code: string} | undefined
  let notesWritten = 0
  const stopping = (): boolean => outputClosed() || diskStop !== undefined
  // With -o, notes are written side by side, and what is printed about them and about the inputs stays in order.
  const ordered = out ? orderedOutput(16) : undefined
  const say = (text: string): void => {
    if (ordered) ordered.after(() => progress.write(text, true))
    else progress.write(text, true)
  }
  const links: NoteLink[] = []
  let failed = false
  let notesOnStdout = 0
  let matched = 0
  const sink: EntrySink = {
    stdout: (chunks) => writeChunks(io.stdout, chunks, io.signal),
    stderr: say,
    async print(chunks) {
      if (notesOnStdout++ > 0) io.stdout.write('\n')
      await writeChunks(io.stdout, io.stdoutIsTerminal ? mapChunks(chunks, terminalText) : chunks, io.signal)
    },
    async note({input, name, id, content, link}) {
      if (!out || !ordered) return
      const folder = out
      await ordered.staged(
        () => folder.stage(name, content),
        async (staged) => {
          if (diskStop !== undefined) {
            if (staged.status === 'fulfilled') folder.discard(staged.value)
            return
          }
          let note: WrittenNote
          try {
            if (staged.status === 'rejected') throw staged.reason
            note = await folder.place(staged.value, name, id, written)
          } catch (error) {
            failed = true
            const problem = writeProblem(error)
            if (problem !== undefined) {
              diskStop = {problem, code: String((error as {code?: unknown}).code)}
              stopRun.abort()
              return
            }
            // One note that cannot be written costs that note, not the input's other conversations.
            const why = error instanceof TimeLimitError ? 'not written' : 'cannot write its note'
            progress.write(`${input}: conversation ${id}: ${why}: ${reasonOf(error)}\n`, true)
            return
          }
          notesWritten++
          if (note.kept !== undefined) {
            progress.write(
              `${note.kept}: changed since chatmark wrote it, so kept; the new note is ${note.path}\n`,
              true
            )
          }
          // Kept only for a writer that lists its notes in an index page (an export's are tens of thousands).
          if (context.writer.index) links.push({...link, href: basename(note.path)})
          progress.write(`${note.path}\n`, false)
        }
      )
    },
    matched: () => void matched++,
    failed() {
      failed = true
    },
    closed: stopping,
    progress: (name) => progress.input(name)
  }
  // What is not converted is said in its place among the inputs.
  const inline = async (entry: InputEntry): Promise<void> => {
    if (entry.kind === 'refused') {
      say(`${entry.path}: ${entry.reason}\n`)
      failed = true
    } else if (entry.kind === 'skipped') {
      say(`${entry.path}: skipped: ${entry.reason}\n`)
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
      const {convertInPool} = await import('./convert/convert-in-pool.js')
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
        if (stopping()) break
        if (entry.kind === 'file' || entry.kind === 'folder') progress.begin(entry.path)
        await inline(entry)
      }
    }
    await ordered?.drain()
  } finally {
    progress.stop()
  }
  if (diskStop !== undefined && args.out !== undefined) {
    const {problem, code} = diskStop
    const notes = notesWritten === 1 ? '1 note' : `${notesWritten} notes`
    io.stderr.write(
      `chatmark: cannot write notes to ${printable(args.out)}: ${problem} (${code}). ` +
        `Stopped after writing ${notes}; nothing that was there is lost, and a run with room writes the rest\n`
    )
  }
  // Several notes with links between them: a page that lists them (`index.html`).
  if (out && context.writer.index && links.length > 1 && !stopping()) {
    try {
      const index = await out.index(context.writer.index(links), written)
      if (index.kept !== undefined) {
        io.stderr.write(`${index.kept}: changed since chatmark wrote it, so kept; the new index is ${index.path}\n`)
      }
      io.stdout.write(`${index.path}\n`)
    } catch (error) {
      io.stderr.write(`chatmark: index: ${error instanceof Error ? error.message : String(error)}\n`)
      failed = true
    }
  }
  await out?.finish(jobs > 1 ? run : undefined)
  if (args.only.length > 0 && matched === 0 && !args.explain && !outputClosed()) {
    io.stderr.write(`chatmark: no conversation matched --only ${args.only.map((only) => `\`${only}\``).join(', ')}\n`)
    failed = true
  }
  return failed ? 1 : 0
}

function version(): string {
  if (typeof CHATMARK_VERSION === 'string') return `chatmark ${CHATMARK_VERSION}`
  const manifest = createRequire(import.meta.url)('../package.json') as {version?: unknown}
  return `chatmark ${String(manifest.version)}`
}

/** Writes notes (and an index page) into a folder, and says where each went. */
interface FolderWriter {
  /** Writes a note's text to a temporary file (see `stageNote`); several may at once. */
  stage(name: string, content: NoteContent): Promise<StagedNote>
  /** Names a staged note (see `placeNote`), one at a time, in order. */
  place(staged: StagedNote, name: string, id: string, taken: TakenNames): Promise<WrittenNote>
  /** Removes a staged note that is not to be named. */
  discard(staged: StagedNote): void
  /**
   * Syncs the folder, once, if a note was written into it; with `run`,
   * removes the temporary files that run's workers left (it stopped early).
   */
  finish(run?: string): Promise<void>
  index(chunks: Iterable<string>, taken: TakenNames): Promise<WrittenNote>
}

/**
 * `-o`: writes `writer`'s notes into `dir` (resolved against `cwd`, created if
 * needed) as `dir/<name><extension>`, and its index page as `dir/index<extension>`.
 * Temporary files that killed runs left there are removed first.
 *
 * @throws {UsageError} when `dir` is not a folder and cannot be made one, or cannot be written to.
 */
async function noteWriter(dir: string, cwd: string, writer: NoteWriter): Promise<FolderWriter> {
  const [{discardStaged, placeNote, settleNote, stageNote, writeNote}, {writtenNotes}] = await Promise.all([
    import('./output/write-note.js'),
    import('./output/written-notes.js')
  ])
  const base = resolve(cwd, dir)
  await outputFolder(dir, base)
  await removeStaleTemporaries(base)
  const folder = {dir, cwd, written: await writtenNotes(base)}
  const noteId = writer.noteId?.bind(writer)
  let wrote = false
  return {
    stage: (name, content) =>
      'failed' in content
        ? Promise.reject(Object.assign(new Error(content.failed.message), {code: content.failed.code}))
        : 'staged' in content
          ? settleNote(base, name, content.staged)
          : stageNote(base, name, content),
    async place(staged, name, id, taken) {
      const {written, ...note} = await placeNote(folder, staged, name, id, taken, noteId)
      wrote ||= written
      return note
    },
    discard: discardStaged,
    async finish(run) {
      await folder.written.close()
      if (run !== undefined) await removeStaleTemporaries(base, Date.now(), run)
      if (wrote) await syncFolder(base)
      wrote = false
    },
    index: (chunks, taken) => writeNote(folder, `index${writer.extension}`, indexNoteId, chunks, taken, noteId)
  }
}

/** Makes `base` (the `-o` folder `dir`) a writable folder, or says why it cannot be one. */
async function outputFolder(dir: string, base: string): Promise<void> {
  const info = await stat(base).catch(() => undefined)
  if (info !== undefined && !info.isDirectory()) throw new UsageError(`-o ${dir}: is a file, not a folder`)
  try {
    await mkdir(base, {recursive: true})
    await access(base, constants.W_OK | constants.X_OK)
  } catch (error) {
    const code = (error as {code?: unknown}).code
    const reason =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? 'a part of the path is a file'
          : reasonOf(error)
    throw new UsageError(`-o ${dir}: cannot write notes there: ${reason}`)
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function* mapChunks(chunks: Iterable<string>, map: (chunk: string) => string): Generator<string> {
  for (const chunk of chunks) yield map(chunk)
}
