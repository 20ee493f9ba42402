import {isRecord, stringOf} from '@chatmark/core/model'
import type {RolloutState} from './state.js'
import {notice} from './turns.js'

/** A failed request, once per turn and text: one failure may come both as an `error` event and in `task_complete`. */
export function errorNotice(state: RolloutState, raw: string, timestamp: string | undefined): void {
  const text = errorText(raw)
  if (text === state.turnError) return
  state.turnError = text
  notice(state, {type: 'notice', level: 'error', kind: 'api-error', message: text}, timestamp)
}

/** An error message, unwrapped from the API's JSON body when it is one. */
function errorText(raw: string): string {
  try {
    const body: unknown = JSON.parse(raw)
    if (isRecord(body)) {
      const inner = isRecord(body['error']) ? body['error'] : body
      const message = stringOf(inner['message'])
      if (message) return message
    }
  } catch {
    // Not JSON: the message as written.
  }
  return raw.trim()
}
