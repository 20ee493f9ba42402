import type {CompactionNotice} from '@chatmark/core/model'
import {stringOf} from '@chatmark/core/model'
import {contentText} from '../message-content.js'
import type {RolloutState} from './state.js'
import {count} from './state.js'
import {notice} from './turns.js'

/** The prefix Codex puts before a compaction summary in `compacted.message`. */
const summaryPrefix = new RegExp(
  '^Another language model started to solve this problem[\\s\\S]*?' +
    'use the information in this summary to assist with your own analysis:\n'
)

/** A `compacted` line: the compaction, with the model's summary or the line's own. */
export function compacted(state: RolloutState, payload: Record<string, unknown>, timestamp: string | undefined): void {
  const message = stringOf(payload['message'])?.replace(summaryPrefix, '')
  if (!state.compactionSummary && message?.trim()) dropSummaryReply(state, message.trim())
  compactionNotice(state, state.compactionSummary ?? message, timestamp)
  state.compactionSummary = undefined
}

/**
 * Before 0.17x marked them (`compaction_output`), the reasoning and message
 * the model wrote as a compaction summary come as an answer of their own, just
 * before the `compacted` line that holds the same text (seen in 0.150): they are
 * the compaction's, shown once, in its notice.
 */
function dropSummaryReply(state: RolloutState, summary: string): void {
  const parts = state.open?.parts
  const last = parts?.at(-1)
  if (!parts || last?.type !== 'text' || last.text.trim() !== summary) return
  parts.pop()
  while (parts.at(-1)?.type === 'thinking') parts.pop()
  count(state, 'compaction-request')
}

/**
 * The note the TypeScript CLI (0.1.x) keeps after `/compact`: the history
 * replaced by one assistant message, `compact-<time>`, holding the summary.
 */
export function isCompactSummary(state: RolloutState, id: string | undefined): boolean {
  return state.variant === 'codex-ts-json' && id?.startsWith('compact-') === true
}

/**
 * A response item with `metadata.compaction_output`: what the model wrote to build a compaction summary (0.17x),
 * part of the compaction, not of the conversation.
 */
export function compactionOutput(state: RolloutState, item: Record<string, unknown>): void {
  if (item['type'] === 'message') state.compactionSummary = contentText(item['content']) || state.compactionSummary
  count(state, 'compaction-request')
}

/**
 * A compaction (`compacted`, `context_compacted`, `ContextCompaction`, compaction items): one notice, while nothing
 * has been said since the last one; a later copy only adds the summary when the notice has none. `historyRemoved`
 * when the file itself lost the earlier turns (the TypeScript CLI's `/compact`).
 */
export function compactionNotice(
  state: RolloutState,
  summary: string | undefined,
  timestamp: string | undefined,
  historyRemoved = false
): void {
  const trimmed = summary?.trim() ? summary.trim() : undefined
  const {compaction} = state
  if (compaction) {
    if (trimmed && !compaction.summary) compaction.summary = trimmed
    return
  }
  const part: CompactionNotice = {type: 'notice', level: 'info', kind: 'compaction'}
  if (trimmed) part.summary = trimmed
  if (historyRemoved) part.historyRemoved = true
  notice(state, part, timestamp)
  state.compaction = part
}

// `thread_rolled_back`: the user undid their last N turns; the note follows what they kept.
export function rollBack(state: RolloutState, turnCount: number): void {
  if (turnCount <= 0) return
  const {turns} = state
  let removed = 0
  let at = turns.length
  while (removed < turnCount && at > 0) {
    at--
    if (turns[at]?.role === 'user') removed++
  }
  turns.splice(at)
  state.open = undefined
  count(state, 'rolled-back-turn', removed)
}
