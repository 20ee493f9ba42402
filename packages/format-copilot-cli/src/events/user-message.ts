import type {AttachmentPart, Part} from '@chatmark/core/model'
import {isRecord, numberOf, stringOf} from '@chatmark/core/model'
import type {CopilotEvent} from '../types.js'
import type {SessionState} from './state.js'
import {timelineOf, turnOf} from './timeline.js'

/**
 * `user.message`: the prompt as the user typed it (`content`; `transformedContent` is what the model got, with
 * the CLI's `<current_datetime>` and `<tagged_files>` added), then its attachments.
 */
export function userMessage(state: SessionState, event: CopilotEvent): void {
  const timeline = timelineOf(state, event)
  const parts: Part[] = []
  const content = stringOf(event.data['content'])
  if (content?.trim()) parts.push({type: 'text', text: content})
  const attachments = event.data['attachments']
  if (Array.isArray(attachments)) for (const attachment of attachments) parts.push(...attachmentParts(attachment))
  timeline.open = undefined
  state.pendingUsage = undefined
  if (parts.length === 0) {
    state.fidelity['empty-prompt'] = (state.fidelity['empty-prompt'] ?? 0) + 1
    return
  }
  if (timeline === state.main && event.id) state.promptTurns.set(event.id, timeline.turns.length)
  timeline.turns.push(turnOf('user', event, parts))
}

/**
 * One attachment (`Attachment` of the schema): a file, a directory, a selection (its text kept as code), a blob
 * (its bytes, when the event still holds them), a GitHub reference, or a kind this reader does not know (its name
 * kept).
 */
function attachmentParts(value: unknown): Part[] {
  if (!isRecord(value)) return []
  const type = stringOf(value['type']) ?? 'attachment'
  const name = stringOf(value['displayName']) ?? stringOf(value['title'])
  const reference = stringOf(value['path']) ?? stringOf(value['filePath']) ?? stringOf(value['url'])
  const part: AttachmentPart = {type: 'attachment', text: describe(type, value)}
  if (name) part.name = name
  if (reference) part.reference = reference
  const mimeType = stringOf(value['mimeType'])
  if (mimeType) part.mimeType = mimeType
  const size = numberOf(value['byteLength'])
  if (size !== undefined) part.size = size
  const data = stringOf(value['data'])
  if (data && /^[A-Za-z0-9+/_-]*={0,2}$/.test(data)) part.data = data
  const text = stringOf(value['text'])
  if (type === 'selection' && text !== undefined) return [part, {type: 'code', text}]
  return [part]
}

function describe(type: string, value: Record<string, unknown>): string {
  switch (type) {
    case 'file':
      return lineRange(value['lineRange'], 'file')
    case 'directory':
      return 'directory'
    case 'selection':
      return lineRange(isRecord(value['selection']) ? value['selection'] : undefined, 'selection')
    case 'blob':
      return stringOf(value['mimeType']) ?? 'data'
    case 'github_reference': {
      const number = numberOf(value['number'])
      const state = stringOf(value['state'])
      return [
        `GitHub ${stringOf(value['referenceType']) ?? 'reference'}`,
        number !== undefined ? `#${number}` : '',
        stringOf(value['title']) ?? '',
        state ? `(${state})` : ''
      ]
        .filter(Boolean)
        .join(' ')
    }
    default:
      return type.replaceAll('_', ' ')
  }
}

/** `file, lines 3-9` from a `{start, end}` range (numbers, or `{line}` positions of a selection). */
function lineRange(range: unknown, label: string): string {
  if (!isRecord(range)) return label
  const start = lineOf(range['start'])
  const end = lineOf(range['end'])
  if (start === undefined) return label
  return end !== undefined && end !== start ? `${label}, lines ${start}-${end}` : `${label}, line ${start}`
}

function lineOf(value: unknown): number | undefined {
  return isRecord(value) ? numberOf(value['line']) : numberOf(value)
}
