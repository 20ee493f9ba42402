/**
 * The Codex rollout reader: records go straight into turns, one step per
 * record kind, each a function of one {@link RolloutState}.
 *
 * - `state.ts`: the state record and its constructor;
 * - `record.ts`: the dispatch by generation and envelope line kind;
 * - `session-meta.ts`, `response-item.ts`, `event.ts`, `completed-item.ts`: the record kinds;
 * - `message.ts`, `reasoning.ts`, `tool-call.ts`, `command.ts`, `compaction.ts`, `token-usage.ts`: the steps;
 * - `turns.ts`: opening and closing turns; `finish.ts`: the conversation.
 */
import type {Conversation} from '@chatmark/core/model'
import type {FinishOptions} from './finish.js'
import {finish} from './finish.js'
import {record} from './record.js'
import type {RolloutSettings} from './state.js'
import {count, createRolloutState} from './state.js'

export type {FinishOptions} from './finish.js'
export type {RolloutSettings, Variant} from './state.js'

/**
 * A rollout being read, record by record, straight into turns: only what the
 * note shows is kept (and, per Codex turn, the texts needed to drop the
 * copies Codex writes of each message).
 */
export interface Rollout {
  /** Reads one record: an envelope line, a legacy line, or a whole TS CLI document. */
  record(value: unknown): void
  /** Counts a line that could not be read. */
  skipped(reason: string): void
  /** Builds the conversation; throws when no conversation could be assembled. */
  finish(options: FinishOptions): Conversation
}

export function createRollout(settings: RolloutSettings): Rollout {
  const state = createRolloutState(settings)
  return {
    record(value) {
      record(state, value)
    },
    skipped(reason) {
      count(state, reason)
    },
    finish(options) {
      return finish(state, options)
    }
  }
}
