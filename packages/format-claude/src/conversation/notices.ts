import type {ApiErrorNotice, CommandNotice, InterruptedNotice, NoticePart} from '@chatmark/core/model'

/** Harness text shown with `keepMeta`: a label, the text folded inside. */
export function metaNotice(label: string, text: string): NoticePart {
  return {type: 'notice', level: 'info', kind: 'meta', text: label, details: text}
}

/** A slash command (`<command-name>` in a user record, or a `local_command` system line). */
export function commandNotice(name: string, args: string): CommandNotice {
  return {type: 'notice', level: 'info', kind: 'command', name, ...(args ? {args} : {})}
}

/**
 * A failed request as Claude Code words it (`API Error: 400 Mock failure...`, in an `isApiErrorMessage`
 * message or an `api_error` system line): the status apart, so that the note words it as every tool's.
 */
export function apiErrorNotice(text: string): ApiErrorNotice {
  const match = /^API Error: (\d{3}) ([\s\S]+)$/.exec(text)
  if (!match) return {type: 'notice', level: 'error', kind: 'api-error', message: text}
  return {type: 'notice', level: 'error', kind: 'api-error', message: match[2]!, status: Number(match[1])}
}

/**
 * `[Request interrupted by user]`, `[Request interrupted by user for tool use]`, without its brackets: who and
 * when, and anything else the line says as the reason.
 */
export function interruptedNotice(text: string): InterruptedNotice {
  const notice: InterruptedNotice = {type: 'notice', level: 'warning', kind: 'interrupted'}
  const rest = /^Request interrupted by user(.*)$/s.exec(text)?.[1]?.trim()
  if (rest === undefined) {
    notice.reason = text
    return notice
  }
  notice.by = 'user'
  if (rest === 'for tool use') notice.duringToolUse = true
  else if (rest) notice.reason = rest
  return notice
}
