import type {NoticePart} from '@chatmark/core/model'
import {isRecord, numberOf, stringOf} from '@chatmark/core/model'
import type {UiMessage} from './ui-message.js'
import {textJson} from './ui-message.js'

/**
 * The ui records the api history has no trace of, as notices: errors,
 * failed and retried requests, context compaction (Cline's `condense`, Roo's
 * `condense_context`), a task resumed, the mistake limit; `undefined` for
 * any other record.
 */
export function uiNotice(message: UiMessage): NoticePart | undefined {
  const text = message.text?.trim() ?? ''
  switch (message.kind) {
    case 'error':
    case 'diff_error':
    case 'clineignore_error':
    case 'rooignore_error':
      return {type: 'notice', level: 'error', kind: 'error', text: text || message.kind}
    case 'api_req_failed':
      return {type: 'notice', level: 'error', kind: 'api-error', message: text || 'The API request failed'}
    case 'error_retry':
      return retryNotice(message)
    case 'condense':
    case 'summarize_task':
      return {type: 'notice', level: 'info', kind: 'compaction', ...(text ? {summary: text} : {})}
    case 'condense_context':
      return condenseNotice(message)
    case 'resume_task':
    case 'resume_completed_task':
      return message.type === 'ask'
        ? {type: 'notice', level: 'info', kind: 'meta', text: 'The task was reopened here (resume)'}
        : undefined
    case 'mistake_limit_reached':
      return {type: 'notice', level: 'warning', kind: 'error', text: text || 'The mistake limit was reached'}
    default:
      return undefined
  }
}

/** `error_retry` (Cline 3.3x): `{attempt, maxAttempts, delaySeconds, errorMessage}`. */
function retryNotice(message: UiMessage): NoticePart {
  const data = textJson(message)
  const notice: NoticePart = {
    type: 'notice',
    level: 'warning',
    kind: 'api-error',
    message: stringOf(data['errorMessage']) ?? message.text ?? 'The API request failed and was retried'
  }
  const attempt = numberOf(data['attempt'])
  if (attempt !== undefined) notice.retry = attempt
  return notice
}

/** Roo's `condense_context`: `contextCondense: {summary, prevContextTokens, newContextTokens, cost}`. */
function condenseNotice(message: UiMessage): NoticePart {
  const data = isRecord(message.raw['contextCondense']) ? message.raw['contextCondense'] : {}
  const notice: NoticePart = {type: 'notice', level: 'info', kind: 'compaction'}
  const summary = stringOf(data['summary'])
  if (summary) notice.summary = summary
  const before = numberOf(data['prevContextTokens'])
  if (before !== undefined) notice.tokensBefore = before
  const after = numberOf(data['newContextTokens'])
  if (after !== undefined) notice.tokensAfter = after
  return notice
}
