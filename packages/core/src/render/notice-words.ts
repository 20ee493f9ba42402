import type {
  ApiErrorNotice,
  CommandNotice,
  CompactionNotice,
  ForkNotice,
  InterruptedNotice,
  NoticePart,
  SubagentNotice
} from '../model/model.js'
import {groupDigits} from './group-digits.js'

/** What a note says for a notice: a line, and longer content folded under it with its title. */
export interface NoticeWords {
  /** The notice's line. */
  text: string
  /** Longer content folded under the line (a compaction's summary, a response body), and the fold's title. */
  details?: {title: string; text: string}
}

/**
 * The words of a notice, the same for every tool and every writer: an event notice (a compaction, an
 * interruption, a failed request...) is worded here from its fields, a text notice says what its reader
 * wrote. `conversationToMdast` puts them in the tree, so Markdown and HTML say the same.
 */
export function noticeWords(part: NoticePart): NoticeWords {
  switch (part.kind) {
    case 'compaction':
      return withDetails(compactionText(part), 'Summary', part.summary)
    case 'interrupted':
      return {text: interruptedText(part)}
    case 'api-error':
      return withDetails(apiErrorText(part), 'Response body', part.body)
    case 'fork':
      return {text: forkText(part)}
    case 'subagent':
      return {text: subagentText(part)}
    case 'command':
      return commandWords(part)
    case 'shell-command':
      return {text: `The user ran a shell command (!)${part.command ? `: ${part.command}` : ''}`}
    case 'agent':
      return {text: `Agent: ${part.name ?? 'unnamed'}`}
    case 'subtask':
      return withDetails(
        `Subtask for ${part.agent ?? 'a subagent'}${part.description ? `: ${part.description}` : ''}`,
        'Prompt',
        part.prompt
      )
    default:
      return withDetails(part.text, part.kind === 'meta' ? 'Full text' : 'Details', part.details)
  }
}

function withDetails(text: string, title: string, details: string | undefined): NoticeWords {
  return details === undefined || details === '' ? {text} : {text, details: {title, text: details}}
}

/** `Conversation compacted (automatic, 154,200 → 12,000 tokens)`. */
function compactionText(part: CompactionNotice): string {
  const facts: string[] = []
  if (part.trigger) facts.push(part.trigger === 'auto' ? 'automatic' : 'manual')
  const {tokensBefore: before, tokensAfter: after} = part
  if (before !== undefined && after !== undefined) facts.push(`${groupDigits(before)} → ${groupDigits(after)} tokens`)
  else if (before !== undefined) facts.push(`${groupDigits(before)} tokens before`)
  else if (after !== undefined) facts.push(`${groupDigits(after)} tokens after`)
  const removed = part.historyRemoved ? ': the earlier turns were replaced by the summary in the file too' : ''
  return `Conversation compacted${facts.length > 0 ? ` (${facts.join(', ')})` : ''}${removed}`
}

/** `Interrupted by the user during tool use`, `Interrupted (replaced)`. */
function interruptedText(part: InterruptedNotice): string {
  const who = part.by === 'user' ? ' by the user' : ''
  const when = part.duringToolUse ? ' during tool use' : ''
  return `Interrupted${who}${when}${part.reason ? ` (${part.reason})` : ''}`
}

/** `The request failed (HTTP 429, retry 2): Rate limit reached`. */
function apiErrorText(part: ApiErrorNotice): string {
  const facts: string[] = []
  if (part.status !== undefined) facts.push(`HTTP ${part.status}`)
  if (part.errorType) facts.push(part.errorType)
  if (part.retry !== undefined) facts.push(`retry ${part.retry}`)
  return `The request failed${facts.length > 0 ? ` (${facts.join(', ')})` : ''}: ${part.message}`
}

function forkText(part: ForkNotice): string {
  const copied = copiedText(part.copiedTurns, 'the fork')
  const only = part.onlyCopied ? ' Every turn above was copied from it: the fork has none of its own yet.' : ''
  return `Forked from session ${part.parent}.${copied}${only}`
}

function subagentText(part: SubagentNotice): string {
  const name = part.agent ? ` ${part.agent}${part.nickname ? ` (${part.nickname})` : ''}` : ''
  return `Subagent${name} spawned by session ${part.parent}.${copiedText(part.copiedTurns, 'its task')}`
}

/** ` The 3 turns before the fork are that session's and are not repeated here.` */
function copiedText(copiedTurns: number | undefined, what: string): string {
  if (!copiedTurns) return ''
  if (copiedTurns === 1) return ` The turn before ${what} is that session's and is not repeated here.`
  return ` The ${copiedTurns} turns before ${what} are that session's and are not repeated here.`
}

/** `Command: /add notes.txt`; a command of several lines shows its first, the whole folded under it. */
function commandWords(part: CommandNotice): NoticeWords {
  const command = part.args ? `${part.name} ${part.args}` : part.name
  const newline = command.indexOf('\n')
  if (newline === -1) return {text: `Command: ${command}`}
  return {text: `Command: ${command.slice(0, newline)}`, details: {title: 'Full text', text: command}}
}
