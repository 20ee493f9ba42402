import {createHash} from 'node:crypto'
import type {NoteLink, PartMessage} from '@chatmark/core'
import type {EntrySink} from './entry-sink.js'
import type {StagedNote} from '../output/write-note.js'
import type {Progress} from '../progress/progress-bar.js'
import {writeProblem} from '@chatmark/vault'

/** What converting an input sent to its sink, as a worker posts it to the main thread. */
export type EntryEvent =
  | {kind: 'stdout'; text: string}
  | {kind: 'stderr'; text: string}
  | {kind: 'print'; text: string}
  | {
      kind: 'note'
      input: string
      name: string
      id: string
      content: {bytes: Uint8Array; sha256: string} | {staged: StagedNote} | {failed: {message: string; code?: string}}
      link?: NoteLink
    }
  | {kind: 'matched'}
  | {kind: 'failed'}
  /** One conversation's `--json` piece, without the separator (the main thread knows whether it is the first). */
  | {kind: 'json'; text: string}
  /** A part of an input (see `convertParts`) is done: how many conversations it gave, and its messages. */
  | {kind: 'part-end'; conversations: number; messages: PartMessage[]}

// Its own buffer for each note (Buffer.from may use a shared pool, which cannot be moved to another thread).
const encoder = new TextEncoder()

/** A small event's share of the flow-control count, so that many of them count too. */
const eventBytes = 64

/**
 * A staged note's share: its text is on disk, but each one waits in the main
 * thread for an fsync and its name. Counted as 64 bytes, a worker could run
 * 65,000 notes ahead of a main thread slowed by the disk, and the 2 GB export
 * peaked at 498 MB; counted so, at most 256 per worker wait.
 */
const stagedNoteBytes = 16 * 1024

const quiet: Progress = {read() {}, conversation() {}, stop() {}}

/**
 * The sink a worker converts an input into: each call becomes an event, sent
 * with `send` (which waits while the main thread is behind). Notes and
 * report text are joined into one string each. A note the worker cannot
 * write into the folder is sent as its error, for the main thread to report
 * as one of its own; after one that says the disk cannot take notes at all
 * (full, read-only: see `writeProblem`), the sink is `closed`, and the
 * input stops being read: the main thread stops the run.
 */
export function postingSink(
  send: (events: EntryEvent[], bytes: number, transfer?: ArrayBuffer[]) => Promise<void>,
  stage?: (name: string, content: {chunks: Iterable<string>}) => Promise<StagedNote>
): EntrySink {
  const text = (chunks: Iterable<string>): string => [...chunks].join('')
  let diskFailed = false
  return {
    stdout: (chunks) => {
      const joined = text(chunks)
      return send([{kind: 'stdout', text: joined}], joined.length + eventBytes)
    },
    stderr: (line) => void send([{kind: 'stderr', text: line}], line.length + eventBytes),
    print: (chunks) => {
      const joined = text(chunks)
      return send([{kind: 'print', text: joined}], joined.length + eventBytes)
    },
    async note({input, name, id, content, link}) {
      const listed = link ? {link} : {}
      // Written here to a temporary file of the folder (with `stage`), and the main thread only names it; else
      // encoded and hashed here, and the bytes moved to the main thread.
      if ('chunks' in content && stage) {
        let staged: StagedNote
        try {
          staged = await stage(name, content)
        } catch (error) {
          // Thrown on, it would have cost the worker (a crash, a new worker per conversation on a full disk).
          diskFailed ||= writeProblem(error) !== undefined
          const failed = failureOf(error)
          return send([{kind: 'note', input, name, id, content: {failed}, ...listed}], eventBytes)
        }
        return send([{kind: 'note', input, name, id, content: {staged}, ...listed}], stagedNoteBytes)
      }
      if ('staged' in content || 'failed' in content) {
        return send([{kind: 'note', input, name, id, content, ...listed}], eventBytes)
      }
      const bytes = 'bytes' in content ? content.bytes : encoder.encode(text(content.chunks))
      const sha256 = 'bytes' in content ? content.sha256 : createHash('sha256').update(bytes).digest('hex')
      const moved = {bytes, sha256}
      return send([{kind: 'note', input, name, id, content: moved, ...listed}], bytes.byteLength + eventBytes, [
        bytes.buffer as ArrayBuffer
      ])
    },
    matched: () => void send([{kind: 'matched'}], eventBytes),
    failed: () => void send([{kind: 'failed'}], eventBytes),
    // The main thread stops the workers when stdout's reader goes, or the disk fails.
    closed: () => diskFailed,
    progress: () => quiet
  }
}

/** An error as a worker sends it: its message, and its code (`ENOSPC`) when it has one. */
function failureOf(error: unknown): {message: string; code?: string} {
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as {code?: unknown} | undefined)?.code
  return typeof code === 'string' ? {message, code} : {message}
}

/** Does on the main thread's sink what a worker's event says. */
export async function replayEvent(event: EntryEvent, sink: EntrySink): Promise<void> {
  switch (event.kind) {
    case 'stdout':
      return sink.stdout([event.text])
    case 'stderr':
      return sink.stderr(event.text)
    case 'print':
      return sink.print([event.text])
    case 'note':
      return sink.note({
        input: event.input,
        name: event.name,
        id: event.id,
        content: event.content,
        ...(event.link ? {link: event.link} : {})
      })
    case 'matched':
      return sink.matched()
    case 'failed':
      return sink.failed()
    // Only parts (`convertParts`) send these; it handles them.
    case 'json':
    case 'part-end':
      return
  }
}
