import type {CompactionNotice, Part, Turn} from '@chatmark/core/model'
import {isRecord, numberOf} from '@chatmark/core/model'
import {user} from './turn.js'

/** A `compact_boundary` system line: where `/compact` (or auto-compaction) happened, with its trigger and size. */
export function compactionNotice(record: Record<string, unknown>): CompactionNotice {
  const metadata = isRecord(record['compactMetadata']) ? record['compactMetadata'] : {}
  const notice: CompactionNotice = {type: 'notice', level: 'info', kind: 'compaction'}
  const trigger = metadata['trigger']
  if (trigger === 'manual' || trigger === 'auto') notice.trigger = trigger
  const before = numberOf(metadata['preTokens'])
  if (before !== undefined) notice.tokensBefore = before
  return notice
}

/**
 * Puts a compaction summary (the first user message after a compaction) inside
 * the compaction notice among the last three turns, or, when there is none
 * without a summary, adds a compaction notice of its own to `parts`.
 */
export function attachSummary(turns: Turn[], parts: Part[], summary: string): void {
  for (let index = turns.length - 1; index >= 0 && index >= turns.length - 3; index--) {
    const notice = turns[index]!.parts.find(
      (part): part is CompactionNotice => part.type === 'notice' && part.kind === 'compaction'
    )
    if (notice && notice.summary === undefined) {
      notice.summary = summary
      return
    }
  }
  parts.push({type: 'notice', level: 'info', kind: 'compaction', summary})
}

/**
 * Claude Code writes a manual compaction in the order it finished: the
 * `compact_boundary`, the summary, then the `/compact` the person typed
 * (2.x; 1.0 too). When `parts` is that command and a compaction without one
 * is among the last three turns, the command is put first in the compaction's
 * turn, which becomes the person's (they ran it): the note reads command,
 * compaction, summary, under a heading of its own rather than inside the turn
 * before. Returns whether it did.
 */
export function placeCompactCommand(turns: Turn[], parts: readonly Part[]): boolean {
  const [command] = parts
  if (parts.length !== 1 || command?.type !== 'notice' || command.kind !== 'command') return false
  if (command.name !== '/compact') return false
  for (let index = turns.length - 1; index >= 0 && index >= turns.length - 3; index--) {
    const turn = turns[index] as Turn
    const kinds = turn.parts.map((part) => (part.type === 'notice' ? part.kind : part.type))
    if (!kinds.includes('compaction') || kinds.includes('command')) continue
    if (turn.role === 'system') turns[index] = {...turn, role: 'user', author: user.id, parts: [command, ...turn.parts]}
    else turn.parts.unshift(command)
    return true
  }
  return false
}
