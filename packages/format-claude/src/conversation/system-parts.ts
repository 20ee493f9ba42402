import type {Part} from '@chatmark/core/model'
import {isRecord, numberOf, stringOf} from '@chatmark/core/model'
import {classifyUserText} from '../harness-text.js'
import {compactionNotice} from './compaction.js'
import {apiErrorNotice, commandNotice, metaNotice} from './notices.js'
import type {BuildState} from './state.js'
import {count} from './state.js'

/** `system` subtypes that say nothing a reader needs (timings, hook bookkeeping, stream-only events). */
const silentSystemSubtypes = new Set([
  'turn_duration',
  'stop_hook_summary',
  'hook_response',
  'init',
  'status',
  'bridge_status'
])

/**
 * The parts of a `system` line: a compaction, a slash command (`local_command`;
 * its output is harness text), an API error, or any other non-empty line as a
 * notice of its level.
 */
export function systemParts(state: BuildState, record: Record<string, unknown>): Part[] {
  const subtype = stringOf(record['subtype'])
  const content = stringOf(record['content']) ?? ''
  if (subtype === 'compact_boundary') return [compactionNotice(record)]
  if (subtype !== undefined && silentSystemSubtypes.has(subtype)) return []
  if (subtype === 'local_command') {
    const kind = classifyUserText(content)
    if (kind.kind === 'command') return [commandNotice(kind.name, kind.args)]
    count(state, 'command-output')
    return state.settings.keepMeta && content
      ? [metaNotice('Command output', kind.kind === 'command-output' ? kind.text : content)]
      : []
  }
  if (subtype === 'api_error') {
    const error = record['error']
    const detail =
      content ||
      (isRecord(error) ? (stringOf(error['message']) ?? JSON.stringify(error)) : stringOf(error)) ||
      'API error'
    const notice = apiErrorNotice(detail)
    // 2.x records the failure with its status and the attempt the CLI retries (`retryAttempt` of `maxRetries`).
    const status = isRecord(error) ? numberOf(error['status']) : undefined
    if (notice.status === undefined && status !== undefined) notice.status = status
    const attempt = numberOf(record['retryAttempt'])
    if (attempt !== undefined) notice.retry = attempt
    return [notice]
  }
  if (!/\S/.test(content)) return []
  const level = record['level'] === 'error' ? 'error' : record['level'] === 'warning' ? 'warning' : 'info'
  return [{type: 'notice', level, kind: 'system', text: content}]
}
