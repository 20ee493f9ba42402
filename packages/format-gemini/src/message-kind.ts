import {isRecord, isString} from '@chatmark/core/model'
import {partItems} from './content-parts.js'
import type {MessageLine} from './types.js'

/**
 * How a user message is shown:
 * - `injected-context`: `<session_context>` / `<hook_context>` text the CLI adds itself;
 * - `tool-response`: only `functionResponse` parts (v0.44+ records tool results this way);
 * - `command`: a slash command or `?` help;
 * - `empty`: no text;
 * - `prose`: what the user said.
 * The first four are the messages the CLI leaves out of model history
 * (`isIgnoredUserContent` in `packages/core/src/utils/sessionUtils.ts`).
 */
export type UserMessageKind = 'injected-context' | 'tool-response' | 'command' | 'empty' | 'prose'

/** Classifies a `user` message (see {@link UserMessageKind}). */
export function userMessageKind(record: MessageLine): UserMessageKind {
  const items = partItems(record['content'])
  let text = ''
  let responses = 0
  let media = 0
  for (const item of items) {
    if (isString(item)) text += item
    else if (isRecord(item)) {
      if (isString(item['text'])) text += item['text']
      else if (isRecord(item['functionResponse'])) responses++
      else media++
    }
  }
  const trimmed = text.trim()
  if (responses > 0 && trimmed === '') return 'tool-response'
  if (trimmed.startsWith('<session_context>') || trimmed.startsWith('<hook_context>')) return 'injected-context'
  if (trimmed === '') return media > 0 ? 'prose' : 'empty'
  if (trimmed.startsWith('/') || trimmed.startsWith('?')) return 'command'
  return 'prose'
}

/** Whether a message is part of the conversation proper: a user's own words or a model turn. */
export function isConversational(record: MessageLine): boolean {
  if (record['type'] === 'gemini') return true
  if (record['type'] !== 'user') return false
  const kind = userMessageKind(record)
  return kind === 'prose' || kind === 'command'
}
