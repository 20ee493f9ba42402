import type {InterruptedNotice} from '@chatmark/core/model'
import {isRecord, isString, numberOf, stringOf} from '@chatmark/core/model'
import {commandEnd} from './command.js'
import {compactionNotice, rollBack} from './compaction.js'
import {completedItem} from './completed-item.js'
import {errorNotice} from './error-notice.js'
import {userMessageEvent} from './message.js'
import {reasoning} from './reasoning.js'
import type {RolloutState} from './state.js'
import {count} from './state.js'
import {tokenCount} from './token-usage.js'
import {assistantText, notice, startTurn} from './turns.js'

/** An `event_msg` payload: the UI's event stream. */
export function event(state: RolloutState, payload: Record<string, unknown>, timestamp: string | undefined): void {
  switch (payload['type']) {
    case 'task_started':
    case 'turn_started':
      startTurn(state, stringOf(payload['turn_id']))
      return
    case 'user_message':
      userMessageEvent(state, payload, timestamp)
      return
    case 'agent_message': {
      const text = stringOf(payload['message'])
      // 0.3x-0.6x say "Compact task completed" as if the model had (`codex-rs/core/src/codex/compact.rs`): the
      // compaction's own status, after its notice.
      if (state.compaction && text?.trim() === 'Compact task completed') count(state, 'compaction-status')
      else if (text?.trim()) assistantText(state, text, 'event', timestamp)
      return
    }
    case 'agent_reasoning':
    case 'agent_reasoning_raw_content': {
      const text = stringOf(payload['text'])
      if (text)
        reasoning(
          state,
          payload['type'] === 'agent_reasoning' ? 'reasoning' : 'raw-reasoning',
          text,
          'event',
          timestamp
        )
      return
    }
    case 'item_completed':
      if (isRecord(payload['item'])) completedItem(state, payload['item'], timestamp)
      return
    case 'token_count':
      tokenCount(state, payload['info'])
      return
    case 'task_complete':
    case 'turn_complete': {
      // The turn's last agent message, a third copy: shown only when no other copy was.
      const last = stringOf(payload['last_agent_message'])
      if (last?.trim() && !state.duplicates.shown('assistant', last)) assistantText(state, last, 'event', timestamp)
      const error = payload['error']
      if (isRecord(error)) errorNotice(state, stringOf(error['message']) ?? JSON.stringify(error), timestamp)
      else if (isString(error)) errorNotice(state, error, timestamp)
      return
    }
    case 'error':
      errorNotice(state, stringOf(payload['message']) ?? 'unknown error', timestamp)
      return
    case 'turn_aborted': {
      // `TurnAbortReason` (codex-rs/protocol): `interrupted` is the user's Esc or Ctrl-C; `replaced` and
      // `review_ended` are the tool's own.
      const reason = stringOf(payload['reason'])
      const part: InterruptedNotice = {type: 'notice', level: 'warning', kind: 'interrupted'}
      if (reason === 'interrupted') part.by = 'user'
      else if (reason) part.reason = reason
      notice(state, part, timestamp)
      return
    }
    case 'thread_name_updated': {
      // A name set with /rename or by the app server (`ThreadNameUpdatedEvent`, codex-rs/protocol/src/protocol.rs).
      const name = stringOf(payload['thread_name'])?.trim()
      if (name) state.meta.threadName = name
      return
    }
    case 'context_compacted':
      compactionNotice(state, undefined, timestamp)
      return
    case 'thread_rolled_back':
      rollBack(state, numberOf(payload['num_turns']) ?? 0)
      return
    case 'exec_command_end':
      commandEnd(
        state,
        stringOf(payload['call_id']),
        numberOf(payload['exit_code']),
        stringOf(payload['aggregated_output'])
      )
      return
    case 'patch_apply_end':
      if (payload['success'] === false) commandEnd(state, stringOf(payload['call_id']), 1, stringOf(payload['stderr']))
      return
    default:
    // UI events (deltas, approvals, settings, begin/end markers) hold nothing the note needs.
  }
}
