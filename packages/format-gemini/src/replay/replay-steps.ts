import {isString, stringOf} from '@chatmark/core/model'
import {shorten} from '@chatmark/core/read'
import {compactRecord} from '../compact-record.js'
import {contentSignature} from '../content-signature.js'
import {isConversational} from '../message-kind.js'
import type {NoteEntry} from '../note-history.js'
import type {Replay} from './replay.js'
import type {MessageLine} from '../types.js'
import {isMessageLine} from '../types.js'
import type {ReplayRun} from './replay-run.js'
import {clearLoader, count, isLive, liveEntries, load} from './replay-run.js'

/** A message line: it ends a run of checkpoints. */
export function replayMessage(run: ReplayRun, line: MessageLine): void {
  flush(run)
  addMessage(run, line)
}

/** A `$set` line: a metadata patch, and with `messages` a checkpoint, which replaces the loader's list. */
export function replaySet(run: ReplayRun, patch: Record<string, unknown>): void {
  const {messages, ...rest} = patch
  if (Array.isArray(messages)) {
    run.pending ??= {messages, liveBefore: liveEntries(run), timestamp: undefined}
    run.pending.messages = messages
    run.pending.timestamp = stringOf(rest['lastUpdated']) ?? run.pending.timestamp
    clearLoader(run)
    for (const item of messages) if (isMessageLine(item)) load(run, item.id, item)
  }
  if (isString(rest['sessionId'])) run.restated = true
  run.metadata = {...run.metadata, ...rest}
}

/** A header, or a whole legacy record with its messages. */
export function replayHeader(run: ReplayRun, value: Record<string, unknown>): void {
  const {messages, ...rest} = value
  // A header is written when a CLI process starts, which ends any run of checkpoints.
  flush(run)
  run.headers++
  if (run.headers > 1) run.restated = true
  run.startTime ??= stringOf(rest['startTime'])
  run.metadata = {...run.metadata, ...rest}
  if (Array.isArray(messages)) {
    for (const item of messages) if (isMessageLine(item)) addMessage(run, item)
  }
}

/** A `$rewindTo` line: it ends a run of checkpoints, and removes the target and what follows it. */
export function replayRewind(run: ReplayRun, id: string, line: number): void {
  flush(run)
  // The CLI deletes the target and every id after it, or everything when
  // the target is unknown.
  const from = run.loaderAt.get(id) ?? 0
  const touched = new Set<NoteEntry>()
  for (const key of run.loaderIds.slice(from)) {
    const entry = run.note.resolve(key)
    if (entry) touched.add(entry)
    run.loader.delete(key)
    run.loaderAt.delete(key)
  }
  run.loaderIds.length = from

  const removed = run.note.rewind(id, touched, (entry) => isLive(run, entry))
  if (!removed) {
    run.options.warn(
      `Line ${line} rewinds to message \`${shorten(id)}\`, which the file never recorded: the Gemini CLI drops ` +
        `the whole history here (see the \`view: 'resume'\` option); the note keeps it`,
      line,
      'unknown-rewind-target'
    )
    return
  }
  const turns = removed.filter((entry) => entry.kind === 'message' && countsAsTurn(entry.record)).length
  if (turns > 0) count(run, 'rewound-turn', turns)
}

/** A line that is no record the CLI writes: skipped, with a warning. */
export function unknownRecord(run: ReplayRun, line: number): void {
  run.options.warn(
    `Line ${line} is not a Gemini CLI record (expected a message with an id, a $set or $rewindTo line, or a ` +
      `header with sessionId and projectHash): skipped`,
    line,
    'unknown-record'
  )
  count(run, 'unknown-record')
}

/** The replay, once every record was given. */
export function finishReplay(run: ReplayRun): Replay {
  flush(run)
  const {metadata, note, fidelity, resumes, startTime} = run
  const loaded = run.keepLoaded ? [...run.loader.values()].filter((record) => record !== undefined) : []
  const replay: Replay = {metadata, loaded, note, fidelity, resumes}
  if (startTime !== undefined) replay.startTime = startTime
  return replay
}

/** Applies the pending run of checkpoints to the note, counting a resume that restated the history unchanged. */
function flush(run: ReplayRun): void {
  const {pending} = run
  if (!pending) return
  const effect = run.note.checkpoint(pending.messages, pending.liveBefore, pending.timestamp)
  const hadTurns = pending.liveBefore.some((entry) => entry.kind === 'message' && isConversational(entry.record))
  if (effect === 'restated' && run.restated && hadTurns) run.resumes++
  run.restated = false
  run.pending = undefined
}

function addMessage(run: ReplayRun, line: MessageLine): void {
  const record = compactRecord(line)
  load(run, record.id, record)
  run.note.message(record)
}

function countsAsTurn(record: MessageLine): boolean {
  if (isConversational(record)) return true
  const type = record['type']
  return (type === 'info' || type === 'warning' || type === 'error') && contentSignature(record) !== ''
}
