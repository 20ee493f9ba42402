import type {Conversation, Normalizer} from '@chatmark/core'
import type {ReadSourcesOptions, SourceEvent, SourceToRead} from '@chatmark/vault'
import {readInProcess} from '@chatmark/vault'
import {matchesOnly} from '../inputs/collect-inputs.js'
import {redactSecrets} from '../redact/redact-secrets.js'

/** How a worker of `chatmark sync` reads: set once per worker. */
export interface SyncWorkerSetup {
  redact: boolean
  /** `--only`. */
  only: readonly string[]
  /** `--use` modules, loaded from `cwd`, as the main thread loaded them. */
  use: readonly string[]
  cwd: string
}

/** A worker's job of `chatmark sync`: read one source and prepare its notes, as the vault would. */
export interface SourceJob {
  kind: 'source'
  source: SourceToRead
  options: ReadSourcesOptions
}

/**
 * What a note counts for flow control: a staged note, whose text is on disk,
 * the size of its facts; one that carries its text (a dry run), that too.
 */
const noteOverhead = 1024

/**
 * Reads one source of a sync in a worker: parsing, redaction, filtering and
 * rendering here (the whole conversion, as `chatmark -o` does in its
 * workers); the main thread only places the notes. Each event goes with its
 * share of the flow-control count (a note by its text's length), and the
 * attachments' bytes are moved, not copied.
 */
export async function readSourceJob(
  job: SourceJob,
  normalizer: Normalizer,
  setup: SyncWorkerSetup,
  send: (events: SourceEvent[], bytes: number, transfer?: ArrayBuffer[]) => Promise<void>
): Promise<void> {
  const wanted = (conversation: Conversation): boolean =>
    setup.only.length === 0 || setup.only.some((only) => matchesOnly(conversation, only))
  const read = readInProcess(normalizer, {
    ...(setup.redact ? {transform: redactSecrets} : {}),
    wanted,
    blocking: true
  })
  for await (const event of read([job.source], job.options)) {
    if (event.type !== 'note') {
      await send([event], 64)
      continue
    }
    const transfer = event.note.attachments.map((file) => file.bytes.buffer as ArrayBuffer)
    await send([event], (event.note.text?.length ?? 0) + noteOverhead, [...new Set(transfer)])
  }
}
