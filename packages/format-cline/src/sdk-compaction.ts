import type {CompactionNotice} from '@chatmark/core/model'
import {isRecord, numberOf, stringOf} from '@chatmark/core/model'

/** A compaction of an SDK session, and where it happened. */
export interface SdkCompaction {
  notice: CompactionNotice
  /** How many messages of `<id>.messages.json` it summarised (`source_message_count`): it happened after them. */
  after?: number
}

/**
 * `<id>.compaction.json` (Cline CLI 3.0.65; cline/cline PR #10651, "sidecar"):
 * `{conversation_id, source_message_count, source_last_message_key, messages}`,
 * the model's view after a compaction: a summary message
 * (`metadata.kind: "compaction_summary"`, with `summary` and `tokensBefore`),
 * then the messages it kept. The messages file keeps every message: the note
 * shows them all, and the compaction as a notice with its summary.
 */
export function sdkCompaction(compaction: unknown): SdkCompaction | undefined {
  if (!isRecord(compaction)) return undefined
  const messages = Array.isArray(compaction['messages']) ? compaction['messages'] : []
  const notice: CompactionNotice = {type: 'notice', level: 'info', kind: 'compaction'}
  for (const message of messages) {
    const metadata = isRecord(message) && isRecord(message['metadata']) ? message['metadata'] : undefined
    if (metadata?.['kind'] !== 'compaction_summary') continue
    const summary = stringOf(metadata['summary'])?.trim()
    if (summary) notice.summary = summary
    const before = numberOf(metadata['tokensBefore'])
    if (before !== undefined) notice.tokensBefore = before
    break
  }
  const found: SdkCompaction = {notice}
  const after = numberOf(compaction['source_message_count'])
  if (after !== undefined && after >= 0) found.after = after
  return found
}
