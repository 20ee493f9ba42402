import {basename} from 'node:path'
import {writeProblem} from '@chatmark/vault'
import type {CliIo} from '../base/cli-io.js'
import type {FolderWriter} from '../output/note-folder.js'
import type {OrderedOutput} from '../output/ordered-output.js'
import {terminalText} from '../base/printable.js'
import {reasonOf} from '../output/reason-of.js'
import type {TakenNames} from '../output/taken-names.js'
import {writeChunks} from '../output/write-chunks.js'
import type {StagedNote, WrittenNote} from '../output/write-note.js'
import {TimeLimitError} from '../pool/input-clock.js'
import type {RunProgress} from '../progress/run-progress.js'
import type {EntryContext} from './entry-context.js'
import type {EntrySink, FolderNote} from './entry-sink.js'
import type {RunState} from './run-state.js'
import {stopping} from './run-state.js'

/** `-o`'s folder, and the order its notes are placed in, between the lines printed around them. */
export interface RunFolder {
  writer: FolderWriter
  ordered: OrderedOutput
  /** Names taken by this run's notes. */
  taken: TakenNames
}

/** What the main thread's sink writes to. */
export interface RunSinkOptions {
  io: CliIo
  context: EntryContext
  progress: RunProgress
  folder?: RunFolder
  /** Aborted when the disk refuses a note: the workers stop. */
  stopRun: AbortController
}

/**
 * The sink of the main thread (see `EntrySink`): report text and notes on
 * stdout, messages on stderr, notes placed in the `-o` folder in order; what
 * it does is counted in `state`.
 */
export function runSink(state: RunState, options: RunSinkOptions): EntrySink {
  const {io, progress, folder} = options
  const say = (text: string): void => {
    if (folder) folder.ordered.after(() => progress.write(text, true))
    else progress.write(text, true)
  }
  return {
    stdout: (chunks) => writeChunks(io.stdout, chunks, io.signal),
    stderr: say,
    async print(chunks) {
      if (state.notesOnStdout++ > 0) io.stdout.write('\n')
      await writeChunks(io.stdout, io.stdoutIsTerminal ? mapChunks(chunks, terminalText) : chunks, io.signal)
    },
    async note(note) {
      if (!folder) return
      await folder.ordered.staged(
        () => folder.writer.stage(note.name, note.content),
        (staged) => placeStaged(state, options, folder, staged, note)
      )
    },
    matched: () => void state.matched++,
    failed() {
      state.failed = true
    },
    closed: () => stopping(state, io),
    progress: (name) => progress.input(name)
  }
}

/** Names a note written to its temporary file (in order), and says where it went, or why it did not. */
async function placeStaged(
  state: RunState,
  {context, progress, stopRun}: RunSinkOptions,
  folder: RunFolder,
  staged: PromiseSettledResult<StagedNote>,
  {input, name, id, link}: FolderNote
): Promise<void> {
  if (state.diskStop !== undefined) {
    if (staged.status === 'fulfilled') folder.writer.discard(staged.value)
    return
  }
  let note: WrittenNote
  try {
    if (staged.status === 'rejected') throw staged.reason
    note = await folder.writer.place(staged.value, name, id, folder.taken)
  } catch (error) {
    state.failed = true
    const problem = writeProblem(error)
    if (problem !== undefined) {
      state.diskStop = {problem, code: String((error as {code?: unknown}).code)}
      stopRun.abort()
      return
    }
    // One note that cannot be written costs that note, not the input's other conversations.
    const why = error instanceof TimeLimitError ? 'not written' : 'cannot write its note'
    progress.write(`${input}: conversation ${id}: ${why}: ${reasonOf(error)}\n`, true)
    return
  }
  state.notesWritten++
  if (note.kept !== undefined) {
    progress.write(`${note.kept}: changed since chatmark wrote it, so kept; the new note is ${note.path}\n`, true)
  }
  // Kept only for a writer that lists its notes in an index page (an export's are tens of thousands).
  if (context.writer.index && link) state.links.push({...link, href: basename(note.path)})
  progress.write(`${note.path}\n`, false)
}

function* mapChunks(chunks: Iterable<string>, map: (chunk: string) => string): Generator<string> {
  for (const chunk of chunks) yield map(chunk)
}
