import type {NoticePart, Part, Turn} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'

/** A `compact_boundary` system line: where `/compact` (or auto-compaction) happened, with its trigger and size. */
export function compactionNotice(record: Record<string, unknown>): NoticePart {
  const metadata = isRecord(record['compactMetadata']) ? record['compactMetadata'] : {}
  const facts = [
    stringOf(metadata['trigger']),
    typeof metadata['preTokens'] === 'number'
      ? `${metadata['preTokens'].toLocaleString('en-US')} tokens before`
      : undefined
  ].filter(Boolean)
  return {
    type: 'notice',
    level: 'info',
    kind: 'compaction',
    text: `Conversation compacted${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`
  }
}

/**
 * Puts a compaction summary (the first user message after a compaction) inside
 * the compaction notice among the last three turns, or, when there is none
 * without a summary, adds a compaction notice of its own to `parts`.
 */
export function attachSummary(turns: Turn[], parts: Part[], summary: string): void {
  for (let index = turns.length - 1; index >= 0 && index >= turns.length - 3; index--) {
    const notice = turns[index]!.parts.find(
      (part): part is NoticePart => part.type === 'notice' && part.kind === 'compaction'
    )
    if (notice && notice.details === undefined) {
      notice.details = summary
      return
    }
  }
  parts.push({type: 'notice', level: 'info', kind: 'compaction', text: 'Conversation compacted', details: summary})
}
