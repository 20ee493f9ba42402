import type {Part} from '@chatmark/core/model'
import {isString, stringOf} from '@chatmark/core/model'
import {injectedLabel, isInjectedContext} from '../injected-context.js'
import {contentText, imagePart, messageContent} from '../message-content.js'
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
  if (role === 'developer' || role === 'system') {
    metaText(state, 'developer-message', 'Developer message', text, timestamp)
    return
  }
  if (role === 'user') {
    if (isInjectedContext(text)) {
      metaText(state, 'injected-context', 'Injected context', text, timestamp)
      return
    }
    const parts = messageContent(item['content'])
    if (parts.length === 0) count(state, 'empty-message')
    else if (state.duplicates.claim('user', text, 'item')) prompt(state, parts, timestamp, id)
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
  const text = stringOf(payload['message']) ?? ''
  const parts: Part[] = text.trim() ? [{type: 'text', text}] : []
  for (const list of [payload['images'], payload['local_images']]) {
    if (Array.isArray(list)) for (const image of list) if (isString(image)) parts.push(imagePart(image))
  }
  if (parts.length > 0 && state.duplicates.claim('user', text, 'event')) prompt(state, parts, timestamp, undefined)
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
