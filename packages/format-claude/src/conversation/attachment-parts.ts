import type {Part} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import {metaNotice} from './notices.js'
import type {BuildState} from './state.js'
import {count} from './state.js'

/**
 * The parts of an `attachment` record: a queued prompt (typed while Claude was
 * working) is the user's text; anything else is context the harness attached,
 * counted and shown only with `keepMeta`.
 */
export function attachmentParts(state: BuildState, record: Record<string, unknown>): Part[] {
  const attachment = isRecord(record['attachment']) ? record['attachment'] : {}
  const type = stringOf(attachment['type']) ?? 'attachment'
  const prompt = stringOf(attachment['prompt'])
  if (type === 'queued_command' && prompt !== undefined && /\S/.test(prompt)) return [{type: 'text', text: prompt}]
  const rendered = Array.isArray(record['rendered'])
    ? record['rendered']
        .map((piece) => (isRecord(piece) ? (stringOf(piece['content']) ?? '') : ''))
        .join('\n')
        .trim()
    : ''
  if (!rendered) return []
  count(state, 'injected-context')
  return state.settings.keepMeta ? [metaNotice(`Context attachment: ${type}`, rendered)] : []
}
