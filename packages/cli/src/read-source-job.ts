import type {Conversation} from '@chatmark/core'
import {inputFromPath} from '@chatmark/core'
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
  let fatal: string | undefined
  try {
    const reading = await normalizer.read(await inputFromPath(job.path), {formatOptions: job.formatOptions})
    for await (const read of reading.conversations) {
      const conversation = redact ? await redactSecrets(read) : read
      await send([{kind: 'conversation', conversation}], conversationBytes)
    }
    fatal = reading.file.messages.find((message) => message.fatal)?.reason
  } catch (error) {
    fatal = error instanceof Error ? error.message : String(error)
  }
  await send([fatal === undefined ? {kind: 'source-end'} : {kind: 'source-end', fatal}], 64)
}
