import type {NoticePart} from '@chatmark/core/model'

/** Harness text shown with `keepMeta`: a label, the text folded inside. */
export function metaNotice(label: string, text: string): NoticePart {
  return {type: 'notice', level: 'info', kind: 'meta', text: label, details: text}
}

/** A slash command (`<command-name>` in a user record, or a `local_command` system line). */
export function commandNotice(name: string, args: string): NoticePart {
  return {type: 'notice', level: 'info', kind: 'command', text: `Command: ${[name, args].filter(Boolean).join(' ')}`}
}
