import type {NoticePart} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'

/**
 * The notice a `finish` part calls for, if any (`internal/message/content.go`
 * `FinishReason`): `error` (a failed request: the message and the provider's
 * response, whose HTTP status Crush keeps only inside `details`), `canceled`
 * (the user stopped the answer), `content_filter` (the provider refused),
 * `max_tokens`. `end_turn`, `tool_use`, `stop` and `unknown` end a message
 * normally: none.
 */
export function finishNotice(data: unknown): NoticePart | undefined {
  if (!isRecord(data)) return undefined
  const reason = stringOf(data['reason'])
  const message = stringOf(data['message'])
  const details = stringOf(data['details'])
  if (reason === 'error') {
    // `POST "https://…": 429 Too Many Requests {…}`: Go's HTTP client's words, as Crush stores them.
    const status = /": (\d{3}) /.exec(details ?? '')?.[1]
    return {
      type: 'notice',
      level: 'error',
      kind: 'api-error',
      message: message || 'The request failed',
      ...(status ? {status: Number(status)} : {}),
      ...(details ? {body: details} : {})
    }
  }
  if (reason === 'canceled') return {type: 'notice', level: 'warning', kind: 'interrupted', by: 'user'}
  if (reason === 'content_filter') {
    return {
      type: 'notice',
      level: 'warning',
      kind: 'system',
      text: `The provider refused to answer (content filter)${message ? `: ${message}` : ''}`
    }
  }
  if (reason === 'max_tokens') {
    return {type: 'notice', level: 'warning', kind: 'system', text: 'The answer stopped at the output token limit'}
  }
  return undefined
}
