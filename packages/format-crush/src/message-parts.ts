import type {AttachmentPart, Part, ToolCallPart} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import {formatBytes, shorten} from '@chatmark/core/read'
import {finishNotice} from './finish-notice.js'

/** A tool's result, to be joined to its call (`role: tool` messages hold them). */
export interface ToolResultPart {
  callId: string
  text: string
  isError: boolean
  attachment?: AttachmentPart
}

/** One message's parts in the model, and the tool results it carries. */
export interface MessageParts {
  parts: Part[]
  results: ToolResultPart[]
  /** Parts of a type this reader does not know, by type, for the conversation's fidelity. */
  unknown: string[]
}

/**
 * The parts of one Crush message (`{type, data}` items of `messages.parts`,
 * `internal/message/message.go`): `text`, `reasoning` (thinking), `image_url`
 * and `binary` (attachments; a binary's JSON names are Go's field names,
 * `Path`, `MIMEType` and `Data` in base64), `tool_call` (its `input` a JSON
 * string), `tool_result`, `finish` (a notice when it failed or was stopped),
 * `shell_command` (a `!` command and its output). Another type is kept as a
 * notice with its JSON, never dropped.
 */
export function messageParts(items: readonly unknown[]): MessageParts {
  const parts: Part[] = []
  const results: ToolResultPart[] = []
  const unknown: string[] = []
  for (const item of items) {
    if (!isRecord(item)) continue
    const type = stringOf(item['type']) ?? ''
    const data = isRecord(item['data']) ? item['data'] : {}
    switch (type) {
      case 'text': {
        const text = stringOf(data['text'])
        if (text?.trim()) parts.push({type: 'text', text})
        break
      }
      case 'reasoning': {
        const text = stringOf(data['thinking'])
        if (text?.trim()) parts.push({type: 'thinking', text})
        break
      }
      case 'tool_call':
        parts.push(toolCall(data))
        break
      case 'tool_result': {
        const result = toolResult(data)
        if (result) results.push(result)
        break
      }
      case 'image_url': {
        const url = stringOf(data['url'])
        if (url) parts.push({type: 'attachment', text: 'an image, by its address', reference: url})
        break
      }
      case 'binary':
        parts.push(binary(data))
        break
      case 'finish': {
        const notice = finishNotice(data)
        if (notice) parts.push(notice)
        break
      }
      case 'shell_command': {
        const command = stringOf(data['command'])
        parts.push({type: 'notice', level: 'info', kind: 'shell-command', ...(command ? {command} : {})})
        const output = stringOf(data['output'])
        if (output) parts.push({type: 'code', text: output.replace(/\n$/, ''), language: 'text'})
        break
      }
      default:
        unknown.push(type || '(none)')
        parts.push({
          type: 'notice',
          level: 'warning',
          kind: 'unknown-content',
          text: `A part of type "${type || '(none)'}", which chatmark does not read`,
          details: JSON.stringify(item, null, 2)
        })
    }
  }
  return {parts, results, unknown}
}

function toolCall(data: Record<string, unknown>): ToolCallPart {
  const name = stringOf(data['name']) || 'tool'
  const raw = stringOf(data['input'])
  let input: unknown = raw
  if (raw) {
    try {
      input = JSON.parse(raw)
    } catch {
      // A call whose arguments were still streaming, or were never JSON: kept as the text Crush stored.
    }
  }
  const id = stringOf(data['id'])
  return {
    type: 'tool-call',
    text: summary(name, input),
    name,
    ...(id ? {id} : {}),
    ...(raw ? {input} : {}),
    ...(data['finished'] === false ? {status: 'unfinished'} : {})
  }
}

/** The call's one line: its main argument (a command, a path, a pattern, a prompt), else its name. */
function summary(name: string, input: unknown): string {
  if (isRecord(input)) {
    for (const key of ['command', 'file_path', 'path', 'pattern', 'url', 'prompt', 'query']) {
      const value = stringOf(input[key])
      if (value) return shorten(value.replace(/\s+/g, ' ').trim(), 100)
    }
  }
  return name
}

function toolResult(data: Record<string, unknown>): ToolResultPart | undefined {
  const callId = stringOf(data['tool_call_id'])
  if (!callId) return undefined
  const mimeType = stringOf(data['mime_type'])
  const bytes = stringOf(data['data'])
  return {
    callId,
    text: stringOf(data['content']) ?? '',
    isError: data['is_error'] === true,
    ...(bytes && mimeType ? {attachment: {type: 'attachment', text: mimeType, mimeType, data: bytes}} : {})
  }
}

function binary(fields: Record<string, unknown>): AttachmentPart {
  const path = stringOf(fields['Path'])
  const mimeType = stringOf(fields['MIMEType'])
  const bytes = stringOf(fields['Data'])
  const name = path?.split(/[\\/]/).pop()
  const data = bytes && /^[A-Za-z0-9+/_-]*={0,2}$/.test(bytes) ? bytes : undefined
  const size = data ? Math.floor((data.length * 3) / 4) - (data.match(/=+$/)?.[0].length ?? 0) : undefined
  return {
    type: 'attachment',
    text: [mimeType ?? 'a file', size === undefined ? undefined : formatBytes(size)].filter(Boolean).join(', '),
    ...(name ? {name} : {}),
    ...(path ? {reference: path} : {}),
    ...(mimeType ? {mimeType} : {}),
    ...(size === undefined ? {} : {size}),
    ...(data ? {data} : {})
  }
}
