import type {ApiErrorNotice, CompactionNotice, NoticePart} from '@chatmark/core/model'
import {commandNotice, isRecord, isString, numberOf, stringOf} from '@chatmark/core/model'
import {isBackgroundRequest} from './background-request.js'
import {withoutResumeTrailer} from './compression-summary.js'
import {uiEventOf} from './types.js'

/** What a `system` record adds to a note. */
export type SystemReading =
  /** Notices to show where the record is. */
  | {kind: 'notices'; notices: NoticePart[]}
  /** A title for the session (`custom_title`). */
  | {kind: 'title'; title: string}
  /** Left out on purpose, counted under this reason. */
  | {kind: 'counted'; reason: string}
  /** Bookkeeping that no note shows (snapshots, telemetry of a request that worked). */
  | {kind: 'bookkeeping'}
  /** A subtype this reader does not know. */
  | {kind: 'unknown'; subtype: string}

/**
 * Subtypes that hold state for the CLI's own resume and UI, nothing said by
 * anyone (`ChatRecord.subtype` in `packages/core/src/services/chatRecordingService.ts`).
 */
const bookkeepingSubtypes: ReadonlySet<string> = new Set([
  'attribution_snapshot',
  'file_history_snapshot',
  'session_notes',
  'session_source',
  'session_model',
  'session_approval_mode',
  'session_execution_engine',
  'session_sources_snapshot',
  'session_artifact_event',
  'session_artifact_snapshot',
  'parent_session',
  'branch_checkpoint',
  'user_text_elements',
  'rewind',
  'turn_result',
  'goal_state',
  'goal_runtime',
  'goal_turn_end',
  'agent_bootstrap',
  'agent_launch_prompt',
  'agent_retry',
  'agent_session_ready',
  'omni_recall',
  'managed_session_header_v1',
  'managed_session_event_v1',
  'managed_session_commit_v1'
])

/** Reads a `system` record by its `subtype`. */
export function readSystemRecord(record: Record<string, unknown>): SystemReading {
  const subtype = stringOf(record['subtype']) ?? ''
  const payload = isRecord(record['systemPayload']) ? record['systemPayload'] : {}
  switch (subtype) {
    case 'chat_compression':
      return {kind: 'notices', notices: [compressionNotice(payload)]}
    case 'slash_command': {
      // The `result` phase replays the command's UI output on resume; the invocation says what was run.
      const command = stringOf(payload['rawCommand'])?.trim()
      if (payload['phase'] === 'result' || !command) return {kind: 'counted', reason: 'command-output'}
      return {kind: 'notices', notices: [commandNotice(command)]}
    }
    case 'ui_telemetry':
      return telemetry(record)
    case 'custom_title': {
      const title = stringOf(payload['customTitle'])?.trim()
      return title ? {kind: 'title', title} : {kind: 'bookkeeping'}
    }
    case 'at_command':
    case 'notification':
    case 'background_task_completed':
    case 'cron':
    case 'mid_turn_user_message':
    case 'realtime_message':
      return {kind: 'counted', reason: 'meta-message'}
    default:
      return bookkeepingSubtypes.has(subtype) ? {kind: 'bookkeeping'} : {kind: 'unknown', subtype: subtype || '(none)'}
  }
}

/**
 * A `chat_compression` checkpoint: `info` (token counts, `triggerReason`) and
 * `compressedHistory`, the history the model sees from then on, whose first
 * user message is the summary (a `<state_snapshot>`), without the CLI's fixed
 * resume instruction after it.
 */
function compressionNotice(payload: Record<string, unknown>): CompactionNotice {
  const info = isRecord(payload['info']) ? payload['info'] : {}
  const notice: CompactionNotice = {type: 'notice', level: 'info', kind: 'compaction'}
  const trigger = info['triggerReason']
  if (trigger === 'manual' || trigger === 'auto') notice.trigger = trigger
  const before = numberOf(info['originalTokenCount'])
  const after = numberOf(info['newTokenCount'])
  if (before !== undefined) notice.tokensBefore = before
  if (after !== undefined) notice.tokensAfter = after
  const summary = summaryOf(payload['compressedHistory'])
  if (summary) notice.summary = summary
  return notice
}

function summaryOf(history: unknown): string | undefined {
  if (!Array.isArray(history)) return undefined
  const first = history.find((content) => isRecord(content) && content['role'] === 'user')
  if (!isRecord(first) || !Array.isArray(first['parts'])) return undefined
  const text = first['parts']
    .map((part) => (isRecord(part) && isString(part['text']) && part['thought'] !== true ? part['text'] : ''))
    .join('')
  const summary = withoutResumeTrailer(text).trim()
  return summary === '' ? undefined : summary
}

/**
 * `ui_telemetry` replays the CLI's stats on resume. A failed request leaves no
 * assistant record, only its `qwen-code.api_error` event, which is shown; the
 * other events (`api_response`, `tool_call`) repeat what the records hold.
 * The error of a background request (a memory agent's, a title's) is not the
 * conversation's: the turn it follows was answered (a memory agent runs after
 * it), and no one waited for it, so it is only counted.
 */
function telemetry(record: Record<string, unknown>): SystemReading {
  const event = uiEventOf(record)
  if (event?.['event.name'] !== 'qwen-code.api_error') return {kind: 'bookkeeping'}
  if (isBackgroundRequest(event)) return {kind: 'counted', reason: 'background-request-error'}
  // `error_message` from 0.15; up to 0.12 the text was in `error`.
  const message = stringOf(event['error_message'])?.trim() || stringOf(event['error'])?.trim() || 'the request failed'
  const notice: ApiErrorNotice = {type: 'notice', level: 'error', kind: 'api-error', message}
  const status = numberOf(event['status_code'])
  if (status !== undefined) notice.status = status
  const type = stringOf(event['error_type'])
  if (type) notice.errorType = type
  return {kind: 'notices', notices: [notice]}
}
