import type {CopilotEvent} from '../types.js'
import {assistantMessage, assistantReasoning, usageRecord} from './assistant-message.js'
import {sessionInfo, snapshotRewind} from './history.js'
import {
  abort,
  compactionComplete,
  compactionStart,
  contextCleared,
  modelChange,
  modeOrTask,
  sessionError,
  sessionMessage,
  sessionStart,
  shutdown,
  skillInvoked,
  titleChanged,
  truncation
} from './session-events.js'
import type {SessionState} from './state.js'
import {count} from './state.js'
import {subagentEnded, subagentSelected, subagentStarted} from './subagent.js'
import {notice, timelineOf} from './timeline.js'
import {toolComplete, toolStart, userRequested} from './tools.js'
import {userMessage} from './user-message.js'

type Step = (state: SessionState, event: CopilotEvent) => void

/** The events that make the note, each with its step. */
const steps: Record<string, Step> = {
  'session.start': sessionStart,
  'session.resume': sessionStart,
  'session.model_change': modelChange,
  'session.error': sessionError,
  abort,
  'session.info': (state, event) => sessionInfo(state, event, () => sessionMessage(state, event)),
  'session.warning': sessionMessage,
  'session.title_changed': titleChanged,
  'session.compaction_start': compactionStart,
  'session.compaction_complete': compactionComplete,
  'session.truncation': truncation,
  'session.context_cleared': contextCleared,
  'session.mode_changed': modeOrTask,
  'session.task_complete': modeOrTask,
  'session.snapshot_rewind': snapshotRewind,
  'session.shutdown': shutdown,
  'session.usage_record': usageRecord,
  'user.message': userMessage,
  'assistant.message': assistantMessage,
  'assistant.reasoning': assistantReasoning,
  'assistant.thinking': assistantReasoning,
  'tool.user_requested': userRequested,
  'tool.execution_start': toolStart,
  'tool.execution_complete': toolComplete,
  'skill.invoked': skillInvoked,
  'subagent.started': subagentStarted,
  'subagent.completed': subagentEnded,
  'subagent.failed': subagentEnded,
  'subagent.selected': subagentSelected
}

/**
 * Events the note does not show as turns, and the reason they are counted under. The system prompt (repeated
 * with every run), the compaction's own model call (`model.*`, 1.0.9x: its summary is in the compaction notice),
 * notifications the CLI put in the model's context, hooks and permission prompts.
 */
const counted: Record<string, string> = {
  'system.message': 'system-prompt',
  'system.notification': 'system-notification',
  'hook.start': 'hook',
  'hook.end': 'hook',
  'permission.requested': 'permission-prompt',
  'permission.completed': 'permission-prompt',
  'external_tool.requested': 'external-tool-request',
  'external_tool.completed': 'external-tool-request'
}

/**
 * Events that only bound or describe what the note shows already (a turn's start and end, a sub-agent's
 * configuration, the plan file, the session's binary assets), read for nothing more.
 */
const bookkeeping: ReadonlySet<string> = new Set([
  'assistant.turn_start',
  'assistant.turn_end',
  'session.usage_checkpoint',
  'session.context_changed',
  'session.plan_changed',
  'session.todos_changed',
  'session.workspace_file_changed',
  'session.permissions_changed',
  'session.session_limits_changed',
  'session.remote_steerable_changed',
  'session.autopilot_objective_changed',
  'session.schedule_created',
  'session.schedule_cancelled',
  'session.schedule_rearmed',
  'session.handoff',
  'session.binary_asset',
  'subagent.configured',
  'subagent.deselected',
  'tool_search.activated',
  'pending_messages.modified'
])

/** Reads one event into the state. */
export function record(state: SessionState, event: CopilotEvent): void {
  const {info} = state
  if (event.timestamp) {
    info.firstTimestamp ??= event.timestamp
    info.lastTimestamp = event.timestamp
  }
  const step = steps[event.type]
  if (step) {
    step(state, event)
    return
  }
  const reason =
    // What `--output-format json` streams besides the events it also writes (deltas, progress, lists loaded).
    (event.ephemeral ? 'streamed-event' : undefined) ??
    counted[event.type] ??
    (event.type.startsWith('model.') ? 'model-call-record' : undefined)
  if (reason) {
    count(state, reason)
    return
  }
  if (bookkeeping.has(event.type)) return
  state.unknownTypes.set(event.type, (state.unknownTypes.get(event.type) ?? 0) + 1)
  count(state, 'unknown-record')
  notice(timelineOf(state, event), event, {
    type: 'notice',
    level: 'info',
    kind: 'unknown-content',
    text: `An event of type \`${event.type}\`, which this reader does not know`,
    details: `\`\`\`json\n${preview(event.data)}\n\`\`\``
  })
}

/** The event's data as JSON, cut to a few lines' worth. */
function preview(data: Record<string, unknown>): string {
  const json = JSON.stringify(data, null, 2)
  return json.length > 2000 ? `${json.slice(0, 2000)}\n…` : json
}
