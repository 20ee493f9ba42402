import {isRecord, isString, stringOf} from '@chatmark/core/model'
import type {RolloutState} from './state.js'
import {count} from './state.js'
import {prompt} from './turns.js'

/**
 * An `agent_message` response item (multi-agent v2, 0.171): a message between the agents of one session, as
 * `input_text` `Message Type: NEW_TASK | MESSAGE | FINAL_ANSWER\nTask name: <recipient>\nSender: <author>\nPayload:\n`
 * then the payload (an `encrypted_content` part: the tool's `message` argument is marked `encrypted`). The task
 * a subagent was given is its prompt, shown as the user's turn; other messages are counted.
 */
export function agentMessage(state: RolloutState, item: Record<string, unknown>, timestamp: string | undefined): void {
  const content = Array.isArray(item['content']) ? item['content'] : []
  const pieces = content.flatMap((part) => (isRecord(part) ? [pieceText(part)] : []))
  const text = pieces.map((piece) => piece ?? '').join('')
  const header = /^Message Type: (\S+)\nTask name: ([^\n]*)\nSender: [^\n]*\nPayload:\n?/.exec(text)
  const recipient = stringOf(item['recipient']) ?? header?.[2]
  const own = state.meta.agentPath === undefined || recipient === state.meta.agentPath
  if (header?.[1] !== 'NEW_TASK' || !own || !state.meta.spawnedBy) {
    count(state, 'inter-agent-message')
    return
  }
  const task = text.slice(header[0].length).trim()
  if (pieces.includes(undefined) || !task) {
    count(state, 'encrypted-task')
    return
  }
  prompt(state, [{type: 'text', text: task}], timestamp, stringOf(item['id']))
}

/** A content part's text; `undefined` for a payload that really is encrypted (not text a person could read). */
function pieceText(part: Record<string, unknown>): string | undefined {
  if (isString(part['text'])) return part['text']
  const sealed = part['encrypted_content']
  if (!isString(sealed)) return ''
  // Sealed payloads are one base64 token; a payload with spaces or punctuation is the plain text itself.
  return /^[A-Za-z0-9+/=_-]{24,}$/.test(sealed.trim()) ? undefined : sealed
}
