import type {JsonLine} from '@chatmark/core/read'
import type {Replay, ReplayOptions} from './replay/replay.js'
import {isConversationDocument, isHeaderLine, isMessageLine, isRewindLine, isSetLine} from './types.js'
import {createReplayRun} from './replay/replay-run.js'
import {
  finishReplay,
  replayHeader,
  replayMessage,
  replayRewind,
  replaySet,
  unknownRecord
} from './replay/replay-steps.js'

export type {Replay, ReplayOptions} from './replay/replay.js'

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
  const run = createReplayRun(options)
  return {
    record(value, line) {
      if (isRewindLine(value)) replayRewind(run, value.$rewindTo, line)
      else if (isMessageLine(value)) replayMessage(run, value)
      else if (isSetLine(value)) replaySet(run, value.$set)
      // A whole record on one line without projectHash is what the CLI's
      // whole-file fallback would load, so it is read the same way.
      else if (isHeaderLine(value) || isConversationDocument(value)) replayHeader(run, value)
      else unknownRecord(run, line)
    },
    document: (value) => replayHeader(run, value),
    finish: () => finishReplay(run)
  }
}
