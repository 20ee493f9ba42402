import type {Conversation} from '@chatmark/core'
import {readInProcess} from '@chatmark/vault'
import {normalizer} from './default-normalizer.js'
import {redactSecrets} from './redact-secrets.js'

/** A worker's job of `chatmark sync`: read one source, as the vault would. */
export interface SourceJob {
  kind: 'source'
  path: string
  formatOptions: Record<string, unknown>
}

/** What reading a source sends: each conversation (redacted when asked), then how it ended. */
export type SourceJobEvent = {kind: 'conversation'; conversation: Conversation} | {kind: 'source-end'; fatal?: string}

/**
 * A conversation's share of the flow-control count: a fixed guess, so that a
 * worker runs at most a few dozen conversations ahead of the main thread
 * without measuring each (as large as cloning it).
 */
const conversationBytes = 64 * 1024

/** Reads one source of a sync in a worker: parsing and redaction here, placing the notes in the main thread. */
export async function readSourceJob(
  job: SourceJob,
  redact: boolean,
  send: (events: SourceJobEvent[], bytes: number) => Promise<void>
): Promise<void> {
  // No render options: the main thread renders, and loads what its notes need. A worker reads with blocking calls.
  const read = readInProcess(normalizer, redact ? redactSecrets : undefined, {blocking: true})
  for await (const event of read([job.path], {formatOptions: job.formatOptions})) {
    if (event.type === 'conversation') {
      await send([{kind: 'conversation', conversation: event.conversation}], conversationBytes)
    } else {
      await send([event.fatal === undefined ? {kind: 'source-end'} : {kind: 'source-end', fatal: event.fatal}], 64)
    }
  }
}
