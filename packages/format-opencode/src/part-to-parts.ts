import type {CompactionNotice, Part, SubtaskNotice, ToolCallPart} from '@chatmark/core/model'
import {isRecord, isString, numberOf, stringOf} from '@chatmark/core/model'

/**
 * The text OpenCode stores as a user message when the user runs a shell
 * command with `!` in the TUI (`packages/opencode/src/session/prompt.ts`,
 * `shell()`); the command and its output are the next message's `bash` part.
 */
export const shellCommandText = 'The following tool was executed by the user'

/** Parts that carry nothing a reader sees: step boundaries and file-tree snapshots. */
const structural = new Set(['step-start', 'step-finish', 'snapshot'])

/** What {@link partToParts} gives for one stored part. */
export interface ConvertedPart {
  parts: Part[]
  /** A fidelity reason when the part was left out. */
  skipped?: string
}

/** One OpenCode part (see `PartSchema`) as parts of the model. */
export function partToParts(part: Record<string, unknown>): ConvertedPart {
  const type = stringOf(part['type'])
  switch (type) {
    case 'text':
      return textPart(part)
    case 'reasoning': {
      const text = stringOf(part['text'])?.trim()
      return text ? {parts: [{type: 'thinking', text}]} : {parts: [], skipped: 'empty-reasoning'}
    }
    case 'tool':
      return {parts: [toolCall(part)]}
    case 'file':
      return {parts: [attachment(part)]}
    case 'patch': {
      const files = Array.isArray(part['files']) ? part['files'].filter(isString) : []
      return {
        parts: [{type: 'notice', level: 'info', kind: 'system', text: `Files changed: ${files.join(', ') || 'none'}`}]
      }
    }
    case 'agent': {
      const name = stringOf(part['name'])
      return {parts: [{type: 'notice', level: 'info', kind: 'agent', ...(name === undefined ? {} : {name})}]}
    }
    case 'subtask':
      return {parts: [subtaskNotice(part)]}
    case 'retry': {
      const error = isRecord(part['error']) ? part['error'] : {}
      const data = isRecord(error['data']) ? error['data'] : {}
      const attempt = numberOf(part['attempt'])
      const message = stringOf(data['message']) ?? stringOf(error['name']) ?? 'the request failed'
      return {
        parts: [
          {
            type: 'notice',
            level: 'warning',
            kind: 'api-error',
            message,
            ...(attempt === undefined ? {} : {retry: attempt})
          }
        ]
      }
    }
    case 'compaction':
      return {parts: [compactionNotice(part['auto'] === true)]}
    default:
      if (type && structural.has(type)) return {parts: []}
      return {
        parts: [
          {
            type: 'notice',
            level: 'warning',
            kind: 'unknown-content',
            text: `An OpenCode part of type ${JSON.stringify(type ?? null)} that this reader does not know`,
            details: JSON.stringify(part, null, 2)
          }
        ],
        skipped: 'unknown-part'
      }
  }
}

/** The notice for a compaction; the summary is added when the compaction agent's answer is read. */
export function compactionNotice(auto: boolean): CompactionNotice {
  return {type: 'notice', level: 'info', kind: 'compaction', trigger: auto ? 'auto' : 'manual'}
}

function subtaskNotice(part: Record<string, unknown>): SubtaskNotice {
  const notice: SubtaskNotice = {type: 'notice', level: 'info', kind: 'subtask'}
  const agent = stringOf(part['agent'])
  const description = stringOf(part['description'])
  const prompt = stringOf(part['prompt'])
  if (agent !== undefined) notice.agent = agent
  if (description) notice.description = description
  if (prompt) notice.prompt = prompt
  return notice
}

function textPart(part: Record<string, unknown>): ConvertedPart {
  const text = stringOf(part['text']) ?? ''
  if (part['ignored'] === true) return {parts: [], skipped: 'ignored-text'}
  if (part['synthetic'] === true) {
    if (text === shellCommandText) {
      return {parts: [{type: 'notice', level: 'info', kind: 'shell-command'}]}
    }
    return {
      parts: [{type: 'notice', level: 'info', kind: 'meta', text: 'Text OpenCode added to the message', details: text}]
    }
  }
  return text.trim() ? {parts: [{type: 'text', text}]} : {parts: [], skipped: 'empty-text'}
}

function toolCall(part: Record<string, unknown>): ToolCallPart {
  const name = stringOf(part['tool']) ?? 'tool'
  const state = isRecord(part['state']) ? part['state'] : {}
  const status = stringOf(state['status'])
  const title = stringOf(state['title'])?.trim()
  const call: ToolCallPart = {
    type: 'tool-call',
    text: title || name,
    name,
    input: state['input'] ?? {}
  }
  const id = stringOf(part['callID'])
  if (id) call.id = id
  if (status) call.status = status
  if (status === 'completed') call.result = {text: stringOf(state['output']) ?? ''}
  else if (status === 'error') call.result = {text: stringOf(state['error']) ?? '', isError: true}
  return call
}

function attachment(part: Record<string, unknown>): Part {
  const name = stringOf(part['filename'])
  const mimeType = stringOf(part['mime'])
  const url = stringOf(part['url'])
  // A pasted image is stored inline as a data: URL: its base64 payload is the file's bytes (`data`), never in a note.
  const inline = url?.startsWith('data:')
  const payload = inline && url ? /^data:[^,]*;base64,([A-Za-z0-9+/_-]*={0,2})$/.exec(url)?.[1] : undefined
  const padding = payload?.endsWith('==') ? 2 : payload?.endsWith('=') ? 1 : 0
  const size =
    payload !== undefined
      ? Math.floor((payload.length * 3) / 4) - padding
      : inline && url
        ? Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4)
        : undefined
  return {
    type: 'attachment',
    text: [mimeType ?? 'file', name].filter(Boolean).join(', '),
    ...(name ? {name} : {}),
    ...(mimeType ? {mimeType} : {}),
    ...(size === undefined ? {} : {size}),
    ...(url && !inline ? {reference: url} : {}),
    ...(payload === undefined ? {} : {data: payload})
  }
}
