import type {NoteLink} from '@chatmark/core'
import type {EntrySink} from './convert-entry.js'
import type {Progress} from './progress-bar.js'

/** What converting an input sent to its sink, as a worker posts it to the main thread. */
export type EntryEvent =
  | {kind: 'stdout'; text: string}
  | {kind: 'stderr'; text: string}
  | {kind: 'print'; text: string}
  | {kind: 'note'; input: string; name: string; id: string; text: string; link: NoteLink}
  | {kind: 'matched'}
  | {kind: 'failed'}

/** A small event's share of the flow-control count, so that many of them count too. */
const eventBytes = 64

const quiet: Progress = {read() {}, conversation() {}, stop() {}}

/**
 * The sink a worker converts an input into: each call becomes an event, sent
 * with `send` (which waits while the main thread is behind). Notes and
 * report text are joined into one string each.
 */
export function postingSink(send: (events: EntryEvent[], bytes: number) => Promise<void>): EntrySink {
  const text = (chunks: Iterable<string>): string => [...chunks].join('')
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
    note: ({input, name, id, chunks, link}) => {
      const joined = text(chunks)
      return send([{kind: 'note', input, name, id, text: joined, link}], joined.length + eventBytes)
    },
    matched: () => void send([{kind: 'matched'}], eventBytes),
    failed: () => void send([{kind: 'failed'}], eventBytes),
    // The main thread stops the workers when stdout's reader goes.
    closed: () => false,
    progress: () => quiet
  }
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
      return sink.note({input: event.input, name: event.name, id: event.id, chunks: [event.text], link: event.link})
    case 'matched':
      return sink.matched()
    case 'failed':
      return sink.failed()
  }
}
