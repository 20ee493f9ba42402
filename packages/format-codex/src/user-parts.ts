import type {AttachmentPart, TextPart} from '@chatmark/core/model'
import {isInjectedContext, splitRequest} from './injected-context.js'
import {messageContent} from './message-content.js'
import type {UserShellCommand} from './user-shell-command.js'
import {parseUserShellCommand} from './user-shell-command.js'

/** Text Codex or the IDE extension wrote into a user message, with the label of its meta notice. */
export interface InjectedText {
  label: string
  text: string
}

/** A user message taken apart: what the user said, and what was injected around it. */
export interface UserParts {
  parts: Array<TextPart | AttachmentPart>
  /** The text of `parts`, joined as the copies of the message are compared. */
  text: string
  injected: InjectedText[]
  /** Commands the user ran themselves (`<user_shell_command>` records). */
  shellCommands: UserShellCommand[]
}

/**
 * A user message's content items (or an event's text) without the text Codex
 * injected: a whole item of injected context, and the IDE context before the
 * request marker (the request itself stays). Codex strips everything before
 * the marker from the message's joined text, so text items before the one
 * holding it are IDE context too.
 */
export function userParts(content: unknown): UserParts {
  const parts: Array<TextPart | AttachmentPart> = []
  const injected: InjectedText[] = []
  const shellCommands: UserShellCommand[] = []
  const items = messageContent(content)
  const requestAt = items.findIndex((part) => part.type === 'text' && splitRequest(part.text) !== undefined)
  for (const [index, part] of items.entries()) {
    if (part.type !== 'text') {
      parts.push(part)
      continue
    }
    if (isImageTag(part.text, items[index - 1], items[index + 1])) continue
    const shellCommand = parseUserShellCommand(part.text)
    if (shellCommand) {
      shellCommands.push(shellCommand)
      continue
    }
    if (isInjectedContext(part.text)) {
      injected.push({label: 'Injected context', text: part.text})
      continue
    }
    if (index < requestAt) {
      injected.push({label: 'IDE context', text: part.text})
      continue
    }
    const wrapped = splitRequest(part.text)
    if (!wrapped) {
      parts.push(part)
      continue
    }
    if (wrapped.context) injected.push({label: 'IDE context', text: wrapped.context})
    if (wrapped.request) parts.push({type: 'text', text: wrapped.request})
  }
  const text = parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n\n')
  return {parts, text, injected, shellCommands}
}

/**
 * The tags Codex writes around an image it sends (`<image name=[Image #1]>`
 * or `<image>` before it, `</image>` after it): markup of the attachment, which
 * Codex itself drops when it reads the message back (`parse_user_message` in
 * `codex-rs/core/src/event_mapping.rs`; the tags in `codex-rs/protocol/src/instruction_markers.rs`).
 */
function isImageTag(
  text: string,
  before: TextPart | AttachmentPart | undefined,
  after: TextPart | AttachmentPart | undefined
): boolean {
  const tag = text.trim()
  if (/^<image(?: name=[^>]*)?>$/.test(tag)) return after?.type === 'attachment'
  return tag === '</image>' && before?.type === 'attachment'
}
