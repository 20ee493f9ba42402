/**
 * The Copilot session reader: events go straight into turns, one step per event type, each a function of one
 * {@link SessionState}.
 *
 * - `state.ts`: the state record; `timeline.ts`: turns, the open assistant turn, notices;
 * - `record.ts`: the dispatch by event type, and what is counted instead of shown;
 * - `user-message.ts`, `assistant-message.ts`, `tools.ts`, `session-events.ts`, `subagent.ts`, `history.ts`
 *   (rewinds and forks): the steps;
 * - `finish.ts`: the conversation.
 */
import type {Conversation} from '@chatmark/core/model'
import {eventOf} from '../types.js'
import type {FinishOptions} from './finish.js'
import {finish} from './finish.js'
import {record} from './record.js'
import type {SessionSettings, SessionState} from './state.js'
import {count, createSessionState} from './state.js'

export type {FinishOptions} from './finish.js'

/** A session's event log being read, event by event. */
export interface Session {
  /** Reads one parsed line; `false` when it is no event (the caller reports it). */
  record(value: Record<string, unknown>): boolean
  /** Counts a line that could not be read. */
  skipped(reason: string, amount?: number): void
  /** The state, for what the caller reports (unknown event types, lost rewinds). */
  readonly state: SessionState
  finish(options: FinishOptions): Conversation
}

export function createSession(settings: SessionSettings): Session {
  const state = createSessionState(settings)
  return {
    record(value) {
      // The last line `--output-format json` prints: `{type: "result", sessionId, exitCode, usage}`.
      if (value['type'] === 'result' && typeof value['sessionId'] === 'string') {
        state.info.sessionId ??= value['sessionId']
        return true
      }
      const event = eventOf(value)
      if (!event) return false
      record(state, event)
      return true
    },
    skipped(reason, amount = 1) {
      count(state, reason, amount)
    },
    get state() {
      return state
    },
    finish(options) {
      return finish(state, options)
    }
  }
}
