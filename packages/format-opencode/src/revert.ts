import {isRecord, stringOf} from '@chatmark/core/model'
import type {StoredMessage} from './types.js'

/** What an `/undo` left of a session. */
export interface Reverted {
  /** The messages the user kept. */
  kept: StoredMessage[]
  /** How many messages were undone (left out, counted in fidelity). */
  undone: number
  /** The reverted message id, when the session names one that is not among its messages. */
  missing?: string
}

/**
 * Applies a session's `revert` (`/undo` in the TUI, `session.revert` in
 * `packages/opencode/src/session/revert.ts`): OpenCode keeps the undone
 * messages in its store until the next prompt, but shows and sends only
 * those before `revert.messageID` (and, when `revert.partID` is set, that
 * message's parts before the part). The note follows what the user kept.
 */
export function applyRevert(messages: StoredMessage[], revert: unknown): Reverted {
  const messageID = isRecord(revert) ? stringOf(revert['messageID']) : undefined
  if (!messageID) return {kept: messages, undone: 0}
  const index = messages.findIndex((message) => message.id === messageID)
  if (index === -1) return {kept: messages, undone: 0, missing: messageID}
  const partID = isRecord(revert) ? stringOf(revert['partID']) : undefined
  const target = messages[index]
  const cut = partID && target ? target.parts.findIndex((part) => part['id'] === partID) : -1
  if (target && cut > 0) {
    return {
      kept: [...messages.slice(0, index), {...target, parts: target.parts.slice(0, cut)}],
      undone: messages.length - index - 1
    }
  }
  return {kept: messages.slice(0, index), undone: messages.length - index}
}
