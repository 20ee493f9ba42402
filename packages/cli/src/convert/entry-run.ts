import type {Conversation} from '@chatmark/core'
import type {EntryContext} from './entry-context.js'
import type {ConvertibleEntry, EntrySink} from './entry-sink.js'
import {InputClock} from '../pool/input-clock.js'
import type {Progress} from '../progress/progress-bar.js'

/** One input being converted (see `convertEntry`): where it goes, and how far its output got. */
export interface EntryRun {
  readonly entry: ConvertibleEntry
  readonly context: EntryContext
  readonly sink: EntrySink
  /** The input as messages name it: `<stdin>`, a path, or an archive's export (`exports.zip!b/conversations.json`). */
  readonly name: string
  /** Files and folders are held to the time limit; stdin is read as it comes, at its writer's pace. */
  readonly clock: InputClock | undefined
  progress: Progress | undefined
  /** The `--json` line is written as the input is read; one begun is always ended, so every line parses. */
  jsonLine: 'none' | 'begun' | 'has-conversations'
  /**
   * A forced format that reads nothing must not pass for a success: its empty conversations wait for one with a
   * turn (then go out in their places); without one the input fails with no note written, unless detection chose
   * that format too (an empty session, read as without --format: see `readNothing`).
   */
  readonly held: Conversation[]
  /** Whether a conversation with a turn was read (always, without `--format`). */
  readSome: boolean
  /** Whether the input was read in parts, on workers. */
  inParts: boolean
}

/** The run of one input, nothing read yet. */
export function entryRun(entry: ConvertibleEntry, context: EntryContext, sink: EntrySink): EntryRun {
  const name =
    entry.kind === 'stdin'
      ? '<stdin>'
      : entry.kind === 'file' && entry.archiveExport
        ? `${entry.path}!${entry.archiveExport.name}`
        : entry.path
  const limit = entry.kind === 'stdin' ? undefined : context.timeLimit
  return {
    entry,
    context,
    sink,
    name,
    clock: limit && limit.ms > 0 ? new InputClock(limit.ms, limit.now) : undefined,
    progress: undefined,
    jsonLine: 'none',
    held: [],
    readSome: context.args.format === undefined,
    inParts: false
  }
}
