import type {Fidelity} from '@chatmark/core/model'
import type {JsonLine} from '@chatmark/core/read'
import {isString, stringOf} from '@chatmark/core/model'
import {shorten} from '@chatmark/core/read'
import {compactRecord} from './compact-record.js'
import {contentSignature} from './content-signature.js'
import {isConversational} from './message-kind.js'
import type {NoteEntry, NoteHistory} from './note-history.js'
import {createNoteHistory} from './note-history.js'
import type {MessageLine} from './types.js'
import {isConversationDocument, isHeaderLine, isMessageLine, isRewindLine, isSetLine} from './types.js'

/** A session replayed both ways: as the CLI loads it and as the note keeps it. */
export interface Replay {
  /** Metadata merged as the CLI merges it (later keys win), without `messages`. */
  metadata: Record<string, unknown>
  /** The first header's `startTime`: every resume re-appends a header with a new one (Gemini CLI 0.61). */
  startTime?: string
  /** The messages the CLI's `loadConversationRecord` returns: the model's view on resume. */
  loaded: MessageLine[]
  /** The note's view (see {@link NoteHistory}). */
  note: NoteHistory
  /** Counts such as `rewound-turn` and `unknown-record`. */
  fidelity: Fidelity
  /** How many times the session was resumed with its history re-stated unchanged. */
  resumes: number
}

/** Options for {@link replayJsonl}. */
export interface ReplayOptions {
  /** Reports a recoverable problem on a line. */
  warn(reason: string, line: number, ruleId: string): void
  /**
   * Whether {@link Replay.loaded} is wanted (the `resume` view); otherwise it is empty, and the loader keeps only
   * ids, so the copies of the history a checkpoint re-states are not held to the end of a long session.
   */
  loaded?: boolean
}

/** Replays JSONL records, given in batches (see {@link createReplay}). */
export async function replayJsonl(
  batches: AsyncIterable<readonly JsonLine[]>,
  options: ReplayOptions
): Promise<Replay> {
  const replay = createReplay(options)
  for await (const batch of batches) for (const {line, value} of batch) replay.record(value, line)
  return replay.finish()
}

/** A replay fed one record at a time. */
export interface ReplayState {
  /** One JSONL record, with its 1-based line number. */
  record(value: unknown, line: number): void
  /** A whole legacy ConversationRecord (the `.json` file). */
  document(value: Record<string, unknown>): void
  finish(): Replay
}

/**
 * Replays a session log by the rules of the CLI's own loader
 * (`loadConversationRecord` in `packages/core/src/services/chatRecordingService.ts`),
 * records tested in its order: `$rewindTo`, message (string `id`), `$set`
 * (with `messages`: a checkpoint that replaces the list), header (string
 * `sessionId` and `projectHash`, possibly a whole legacy record). Alongside
 * the loader's list it keeps the note's, which differs only in what
 * checkpoints do (see {@link NoteHistory}).
 */
export function createReplay(options: ReplayOptions): ReplayState {
  let metadata: Record<string, unknown> = {}
  let startTime: string | undefined
  let headers = 0
  const loader = new Map<string, MessageLine | undefined>()
  const keepLoaded = options.loaded !== false
  // The loader's ids in its order, and each one's position: only a rewind deletes from it, and it deletes a run
  // from its target to the end, which is then found without walking every id of a long session at each rewind.
  const loaderIds: string[] = []
  const loaderAt = new Map<string, number>()
  const load = (id: string, record: MessageLine): void => {
    if (!loaderAt.has(id)) {
      loaderAt.set(id, loaderIds.length)
      loaderIds.push(id)
    }
    loader.set(id, keepLoaded ? record : undefined)
  }
  const note = createNoteHistory()
  const fidelity: Fidelity = {}
  let resumes = 0
  let restated = false
  // Consecutive checkpoints are one event: a resume writes `[ctx]` and then
  // the whole history (Gemini CLI 0.61), and only the last one counts.
  let pending: {messages: unknown[]; liveBefore: NoteEntry[]; timestamp: string | undefined} | undefined

  const count = (reason: string, by = 1): void => {
    fidelity[reason] = (fidelity[reason] ?? 0) + by
  }
  const isLive = (entry: NoteEntry): boolean => {
    for (const id of entry.ids) if (loader.has(id)) return true
    return false
  }
  const liveEntries = (): NoteEntry[] => {
    const live = new Set<NoteEntry>()
    for (const id of loader.keys()) {
      const entry = note.resolve(id)
      if (entry) live.add(entry)
    }
    return [...live]
  }
  const flush = (): void => {
    if (!pending) return
    const effect = note.checkpoint(pending.messages, pending.liveBefore, pending.timestamp)
    const hadTurns = pending.liveBefore.some((entry) => entry.kind === 'message' && isConversational(entry.record))
    if (effect === 'restated' && restated && hadTurns) resumes++
    restated = false
    pending = undefined
  }
  const message = (line: MessageLine): void => {
    const record = compactRecord(line)
    load(record.id, record)
    note.message(record)
  }

  return {
    record(value, line) {
      if (isRewindLine(value)) {
        flush()
        rewind(value.$rewindTo, line)
      } else if (isMessageLine(value)) {
        flush()
        message(value)
      } else if (isSetLine(value)) {
        const {messages, ...rest} = value.$set
        if (Array.isArray(messages)) {
          pending ??= {messages, liveBefore: liveEntries(), timestamp: undefined}
          pending.messages = messages
          pending.timestamp = stringOf(rest['lastUpdated']) ?? pending.timestamp
          loader.clear()
          loaderIds.length = 0
          loaderAt.clear()
          for (const item of messages) if (isMessageLine(item)) load(item.id, item)
        }
        if (isString(rest['sessionId'])) restated = true
        metadata = {...metadata, ...rest}
      } else if (isHeaderLine(value) || isConversationDocument(value)) {
        // A whole record on one line without projectHash is what the CLI's
        // whole-file fallback would load, so it is read the same way.
        header(value)
      } else {
        options.warn(
          `Line ${line} is not a Gemini CLI record (expected a message with an id, a $set or $rewindTo line, or a ` +
            `header with sessionId and projectHash): skipped`,
          line,
          'unknown-record'
        )
        count('unknown-record')
      }
    },
    document(value) {
      header(value)
    },
    finish() {
      flush()
      const loaded = keepLoaded ? [...loader.values()].filter((record) => record !== undefined) : []
      const replay: Replay = {metadata, loaded, note, fidelity, resumes}
      if (startTime !== undefined) replay.startTime = startTime
      return replay
    }
  }

  function header(value: Record<string, unknown>): void {
    const {messages, ...rest} = value
    // A header is written when a CLI process starts, which ends any run of checkpoints.
    flush()
    headers++
    if (headers > 1) restated = true
    startTime ??= stringOf(rest['startTime'])
    metadata = {...metadata, ...rest}
    if (Array.isArray(messages)) {
      for (const item of messages) if (isMessageLine(item)) message(item)
    }
  }

  function rewind(id: string, line: number): void {
    // The CLI deletes the target and every id after it, or everything when
    // the target is unknown.
    const from = loaderAt.get(id) ?? 0
    const touched = new Set<NoteEntry>()
    for (const key of loaderIds.slice(from)) {
      const entry = note.resolve(key)
      if (entry) touched.add(entry)
      loader.delete(key)
      loaderAt.delete(key)
    }
    loaderIds.length = from

    const removed = note.rewind(id, touched, isLive)
    if (!removed) {
      options.warn(
        `Line ${line} rewinds to message \`${shorten(id)}\`, which the file never recorded: the Gemini CLI drops ` +
          `the whole history here (see the \`view: 'resume'\` option); the note keeps it`,
        line,
        'unknown-rewind-target'
      )
      return
    }
    const turns = removed.filter((entry) => entry.kind === 'message' && countsAsTurn(entry.record)).length
    if (turns > 0) count('rewound-turn', turns)
  }
}

function countsAsTurn(record: MessageLine): boolean {
  if (isConversational(record)) return true
  const type = record['type']
  return (type === 'info' || type === 'warning' || type === 'error') && contentSignature(record) !== ''
}
