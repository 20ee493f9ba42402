import {isString, stringOf} from '@chatmark/core/model'
import type {CopySource} from '../duplicates.js'
import {injectedLabel} from '../injected-context.js'
import {contentText, imagePart} from '../message-content.js'
import type {UserParts} from '../user-parts.js'
import {userParts} from '../user-parts.js'
import {userShellPart} from '../user-shell-command.js'
import {compactionNotice, isCompactSummary} from './compaction.js'
import {errorNotice} from './error-notice.js'
import type {RolloutState} from './state.js'
import {count} from './state.js'
import {assistantText, notice, prompt} from './turns.js'

/** A `message` response item: a prompt, an answer, or developer and injected text (counted, not said). */
export function message(
  state: RolloutState,
  item: Record<string, unknown>,
  timestamp: string | undefined,
  id: string | undefined
): void {
  const role = item['role']
  const text = contentText(item['content'])
  // The TypeScript CLI (0.1.x) put a failed request into the history as a system message `error-<time>`
  // (`codex-cli/src/utils/agent/agent-loop.ts`).
  if (role === 'system' && state.variant === 'codex-ts-json' && id?.startsWith('error-') && text.trim()) {
    errorNotice(state, text.trim(), timestamp)
    return
  }
  if (role === 'assistant' && isCompactSummary(state, id)) {
    compactionNotice(state, text, timestamp, true)
    return
  }
  if (role === 'developer' || role === 'system') {
    metaText(state, 'developer-message', 'Developer message', text, timestamp)
    return
  }
  if (role === 'user') {
    const user = userParts(item['content'])
    if (user.parts.length === 0 && user.injected.length === 0 && user.shellCommands.length === 0)
      count(state, 'empty-message')
    else userMessage(state, user, 'item', timestamp, id)
    return
  }
  if (role === 'assistant') {
    if (text.trim()) assistantText(state, text, 'item', timestamp)
    else count(state, 'empty-message')
    return
  }
  count(state, 'unknown-item')
}

/** A `user_message` event: the UI's copy of a prompt, with its images. */
export function userMessageEvent(
  state: RolloutState,
  payload: Record<string, unknown>,
  timestamp: string | undefined
): void {
  const message = stringOf(payload['message']) ?? ''
  // 0.3x-0.4x wrote a user_message event for every user item, injected ones too, with their `kind`
  // (`InputMessageKind` in codex-rs/protocol/src/protocol.rs): anything but `plain` is Codex's own text.
  const kind = stringOf(payload['kind'])
  const user: UserParts =
    kind !== undefined && kind !== 'plain'
      ? {parts: [], text: '', injected: [{label: 'Injected context', text: message}], shellCommands: []}
      : userParts(message)
  const parts = [...user.parts]
  for (const list of [payload['images'], payload['local_images']]) {
    if (Array.isArray(list)) for (const image of list) if (isString(image)) parts.push(imagePart(image))
  }
  userMessage(state, {...user, parts}, 'event', timestamp, undefined)
}

/** A user message from either copy: its injected text as meta, and its prompt unless the other copy was shown. */
export function userMessage(
  state: RolloutState,
  user: UserParts,
  source: CopySource,
  timestamp: string | undefined,
  id: string | undefined
): void {
  for (const {label, text} of user.injected)
    if (state.duplicates.claim('injected', text, source)) metaText(state, 'injected-context', label, text, timestamp)
  for (const command of user.shellCommands)
    if (state.duplicates.claim('user-shell', command.command, source))
      prompt(state, [userShellPart(command)], timestamp, undefined)
  if (user.parts.length > 0 && state.duplicates.claim('user', user.text, source))
    prompt(state, user.parts, timestamp, id)
}

/** Text Codex wrote into the model's context: counted, and shown as a meta notice with `keepMeta`. */
export function metaText(
  state: RolloutState,
  reason: string,
  label: string,
  text: string,
  timestamp: string | undefined
): void {
  count(state, reason)
  if (!state.settings.keepMeta || !text.trim()) return
  notice(
    state,
    {type: 'notice', level: 'info', kind: 'meta', text: `${label}: ${injectedLabel(text)}`, details: text},
    timestamp
  )
}
