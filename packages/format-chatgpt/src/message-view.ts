import type {AttachmentPart, Part, QuotePart, ToolCallPart, ToolResult} from '@chatmark/core/model'
import {isRecord, isString, numberOf, stringOf} from '@chatmark/core/model'
import {formatBytes} from '@chatmark/core/read'
import {resolveCitations} from './citations.js'
import {epochToIso} from './epoch.js'
import {writingBlocks} from './writing-blocks.js'

/** One message, read into what a turn needs. */
export interface MessageView {
  id: string | undefined
  role: 'user' | 'assistant' | 'tool' | 'system'
  /** Tool messages: the tool (`python`, `browser`, `dalle.text2im`...). */
  toolName: string | undefined
  timestamp: string | undefined
  model: string | undefined
  parts: Part[]
  /** Tool messages whose content is the output of a call (paired with the call before it). */
  result?: ToolResult
  /** A `reasoning_recap` ("Thought for 4s"): dropped when it follows the thoughts it sums up. */
  recap?: boolean
  /** What a result with no call before it came from (the quoted file's name), for the call's label. */
  resultLabel?: string
}

/** Counts a fidelity reason. */
export type Count = (reason: string) => void

/**
 * Reads a raw message. Returns `undefined` (after counting why) for what a
 * note does not show: hidden messages, custom instructions, memory context,
 * empty messages.
 */
export function messageView(message: Record<string, unknown>, count: Count): MessageView | undefined {
  const author = isRecord(message['author']) ? message['author'] : {}
  const rawRole = stringOf(author['role'])
  const role =
    rawRole === 'user' || rawRole === 'assistant' || rawRole === 'tool' || rawRole === 'system' ? rawRole : undefined
  const metadata = isRecord(message['metadata']) ? message['metadata'] : {}
  const content = isRecord(message['content']) ? message['content'] : {}
  const type = stringOf(content['content_type']) ?? 'missing'

  if (type === 'user_editable_context') return skip(count, 'custom-instructions')
  if (type === 'model_editable_context') return skip(count, 'memory-context')
  if (metadata['is_visually_hidden_from_conversation'] === true) return skip(count, 'hidden-message')
  if (metadata['is_redacted'] === true) return skip(count, 'redacted-message')
  if (role === undefined) return skip(count, 'unknown-author')

  const view: MessageView = {
    id: stringOf(message['id']),
    role,
    toolName: role === 'tool' ? (stringOf(author['name']) ?? 'tool') : undefined,
    timestamp: epochToIso(message['create_time']),
    model: stringOf(metadata['model_slug']) || undefined,
    parts: []
  }
  const recipient = stringOf(message['recipient']) ?? 'all'
  const fromModel = role === 'assistant' || role === 'tool'
  const prose = (text: string): string => {
    if (!fromModel) return text
    // Tool output keeps its `【0†title†site】` markers (they number the page's links); only marker characters go.
    if (role === 'tool') return text.replace(/[\uE200-\uE2FF]/g, '')
    const resolved = resolveCitations(text, metadata)
    for (let index = 0; index < resolved.removed; index++) count('unresolved-citation')
    return resolved.text
  }

  switch (type) {
    case 'text': {
      const text = prose(joinParts(content['parts']))
      if (role === 'tool') view.result = {text}
      else if (role === 'assistant' && recipient !== 'all') view.parts.push(toolCall(recipient, text))
      else if (!/\S/.test(text)) return skip(count, role === 'system' ? 'hidden-message' : 'empty-message')
      else if (role === 'assistant' && message['channel'] === 'analysis') view.parts.push({type: 'thinking', text})
      else if (role === 'assistant') view.parts.push(...writingBlocks(text))
      else view.parts.push({type: 'text', text})
      break
    }
    case 'multimodal_text':
      multimodalParts(view, content['parts'], prose, count)
      if (view.parts.length === 0) return skip(count, 'empty-message')
      break
    case 'code': {
      const code = stringOf(content['text']) ?? ''
      if (!/\S/.test(code)) return skip(count, 'empty-message')
      const language = stringOf(content['language'])
      const lang = language && language !== 'unknown' ? language : recipient === 'python' ? 'python' : ''
      // Addressed to a tool (`python`, `web.run`, `canmore.update_textdoc`...), the code is the call's input;
      // the tool's next message is its result.
      if (role === 'assistant' && recipient !== 'all') view.parts.push(toolCall(recipient, code, lang))
      else view.parts.push({type: 'code', text: code, ...(lang ? {language: lang} : {})})
      break
    }
    case 'execution_output': {
      const aggregate = isRecord(metadata['aggregate_result']) ? metadata['aggregate_result'] : {}
      // Exports name the kind of failure: `failed_with_in_kernel_exception` for a
      // raised exception, `failed_with_system_exception`, and so on.
      const status = stringOf(aggregate['status']) ?? ''
      const failed = status.startsWith('failed') || status === 'error' || status === 'cancelled'
      view.result = {text: stringOf(content['text']) ?? '', ...(failed ? {isError: true} : {})}
      break
    }
    case 'tether_browsing_display':
      view.result = {text: prose(stringOf(content['result']) || stringOf(content['summary']) || '')}
      break
    case 'tether_quote':
    case 'sonic_webpage':
      // A quote of the user's own upload is what the file tool returned, not a page the answer quotes.
      if (role === 'tool' && isFileQuote(view.toolName, content)) fileQuote(view, content, prose)
      else view.parts.push(quote(content, prose))
      break
    case 'system_error':
      view.parts.push({
        type: 'notice',
        level: 'error',
        kind: 'error',
        text:
          [stringOf(content['name']), stringOf(content['text'])].filter(Boolean).join(': ') ||
          'ChatGPT reported an error'
      })
      break
    case 'thoughts':
      thoughtParts(view, content, prose)
      if (view.parts.length === 0) return skip(count, 'empty-message')
      break
    case 'reasoning_recap': {
      const recap = stringOf(content['content']) ?? joinParts(content['parts'])
      if (!/\S/.test(recap)) return skip(count, 'empty-message')
      view.parts.push({type: 'thinking', text: prose(recap)})
      view.recap = true
      break
    }
    case 'computer_output':
      count('computer-output')
      view.parts.push({
        type: 'notice',
        level: 'info',
        kind: 'computer-output',
        text: 'Operator computer output (a screenshot of the remote browser; not included in the export text)'
      })
      break
    default: {
      count('unknown-content-type')
      const text = prose(joinParts(content['parts']) || stringOf(content['text']) || '')
      view.parts.push({
        type: 'notice',
        level: 'warning',
        kind: 'unknown-content',
        text: `Content of an unknown type, ${type}${text ? ' (its text below)' : ' (no text to show)'}`,
        ...(text ? {details: text} : {})
      })
    }
  }

  if (role === 'user') view.parts.push(...uploadParts(metadata['attachments'], view.parts))
  return view
}

function skip(count: Count, reason: string): undefined {
  count(reason)
  return undefined
}

function joinParts(parts: unknown): string {
  if (!Array.isArray(parts)) return ''
  return parts
    .filter(isString)
    .filter((part) => part !== '')
    .join('\n\n')
}

/**
 * An assistant message addressed to a tool (`recipient` other than `all`): its
 * text is the call's input, parsed when it is a JSON object or array (canvas
 * and web tools), else kept as written with its language (a `python` script).
 */
function toolCall(name: string, text: string, language = ''): ToolCallPart {
  if (/^\s*[{[]/.test(text)) {
    try {
      const parsed: unknown = JSON.parse(text)
      if (isRecord(parsed) || Array.isArray(parsed)) return {type: 'tool-call', text: name, name, input: parsed}
    } catch {
      // Not JSON after all: the text as written.
    }
  }
  return {
    type: 'tool-call',
    text: name,
    name,
    input: text,
    ...(language && language !== 'json' ? {inputLanguage: language} : {})
  }
}

/**
 * The tools that read the user's uploads: `myfiles_browser` (2023-2024) and
 * `file_search` (later). Their quotes carry the file's id (`file-...`) or
 * name where a page has its `https` URL.
 */
function isFileQuote(tool: string | undefined, content: Record<string, unknown>): boolean {
  if (tool !== undefined && /^(?:file_search|myfiles_browser)\b/.test(tool)) return true
  const url = stringOf(content['url'])
  return url !== undefined && url !== '' && !/^https?:/i.test(url)
}

/** A file tool's quote as its result, labelled with the file's name. */
function fileQuote(view: MessageView, content: Record<string, unknown>, prose: (text: string) => string): void {
  view.result = {text: prose(stringOf(content['text']) || stringOf(content['snippet']) || '')}
  const name = stringOf(content['title']) || stringOf(content['domain']) || stringOf(content['url'])
  if (name) view.resultLabel = name
}

function multimodalParts(view: MessageView, parts: unknown, prose: (text: string) => string, count: Count): void {
  if (!Array.isArray(parts)) return
  for (const piece of parts) {
    if (isString(piece)) {
      const text = prose(piece)
      if (/\S/.test(text)) view.parts.push({type: 'text', text})
      continue
    }
    if (!isRecord(piece)) continue
    const type = stringOf(piece['content_type']) ?? 'unknown'
    if (type === 'audio_transcription') {
      const text = stringOf(piece['text'])
      if (text && /\S/.test(text)) view.parts.push({type: 'text', text})
      continue
    }
    const pointer = assetPointer(piece)
    if (type.endsWith('_asset_pointer') || pointer) {
      view.parts.push(assetPart(type, piece, pointer))
      continue
    }
    count('unknown-part')
    view.parts.push({
      type: 'notice',
      level: 'warning',
      kind: 'unknown-content',
      text: `A part of an unknown type, ${type} (not shown)`
    })
  }
}

function assetPointer(piece: Record<string, unknown>): string | undefined {
  const direct = stringOf(piece['asset_pointer'])
  if (direct) return direct
  // Voice mode nests the audio pointer:
  // `{content_type: real_time_user_audio_video_asset_pointer, audio_asset_pointer: {...}}`.
  const audio = piece['audio_asset_pointer']
  return isRecord(audio) ? stringOf(audio['asset_pointer']) : undefined
}

function assetPart(type: string, piece: Record<string, unknown>, pointer: string | undefined): AttachmentPart {
  const kind = type.startsWith('image')
    ? 'image'
    : type.startsWith('audio') || type.startsWith('real_time')
      ? 'audio'
      : type.startsWith('video')
        ? 'video'
        : 'file'
  const size = numberOf(piece['size_bytes'])
  const width = numberOf(piece['width'])
  const height = numberOf(piece['height'])
  const details = [kind]
  const meta = isRecord(piece['metadata']) ? piece['metadata'] : {}
  if (isRecord(meta['dalle']) && isString(meta['dalle']['prompt'])) details[0] = 'generated image'
  if (width !== undefined && height !== undefined) details.push(`${width}×${height}`)
  if (size !== undefined) details.push(formatBytes(size))
  const part: AttachmentPart = {type: 'attachment', text: details.join(', ')}
  if (size !== undefined) part.size = size
  if (pointer) part.reference = pointer
  return part
}

/** `metadata.attachments[]` of a user message; an image already shown by its asset pointer gets the upload's name ' +
  'instead of a second line. */
function uploadParts(attachments: unknown, parts: Part[]): AttachmentPart[] {
  if (!Array.isArray(attachments)) return []
  const added: AttachmentPart[] = []
  for (const upload of attachments) {
    if (!isRecord(upload)) continue
    const id = stringOf(upload['id'])
    const fileId = stringOf(upload['file_id'])
    const name = stringOf(upload['name'])
    const mimeType = stringOf(upload['mime_type'])
    const size = numberOf(upload['size'])
    const shown = parts.find(
      (part): part is AttachmentPart =>
        part.type === 'attachment' &&
        part.reference !== undefined &&
        [id, fileId].some((value) => value !== undefined && part.reference!.endsWith(value))
    )
    if (shown) {
      if (name) shown.name = name
      if (mimeType) {
        shown.mimeType = mimeType
        shown.text = shown.text.replace(/^image/, mimeType)
      }
      continue
    }
    const part: AttachmentPart = {
      type: 'attachment',
      text: [mimeType ?? 'file', size === undefined ? undefined : formatBytes(size)].filter(Boolean).join(', ')
    }
    if (name) part.name = name
    if (mimeType) part.mimeType = mimeType
    if (size !== undefined) part.size = size
    const reference = fileId ?? id
    if (reference) part.reference = reference
    added.push(part)
  }
  return added
}

function thoughtParts(view: MessageView, content: Record<string, unknown>, prose: (text: string) => string): void {
  const thoughts = content['thoughts']
  if (Array.isArray(thoughts)) {
    for (const thought of thoughts) {
      if (!isRecord(thought)) continue
      const text = prose(stringOf(thought['content']) ?? '')
      const subject = stringOf(thought['summary'])?.trim()
      if (!/\S/.test(text) && !subject) continue
      view.parts.push({
        type: 'thinking',
        text: /\S/.test(text) ? text : (subject ?? ''),
        ...(subject && /\S/.test(text) ? {subject} : {})
      })
    }
    return
  }
  const text = prose(joinParts(content['parts']))
  if (/\S/.test(text)) view.parts.push({type: 'thinking', text})
}

/** A quoted page (`tether_quote`, `sonic_webpage`): its text, cut to {@link maxQuoteChars}, and the page. */
function quote(content: Record<string, unknown>, prose: (text: string) => string): QuotePart {
  const url = stringOf(content['url'])
  const title = stringOf(content['title']) || stringOf(content['domain'])
  const body = prose(stringOf(content['snippet']) || stringOf(content['text']) || '')
  const short = [...body].length > maxQuoteChars ? `${[...body].slice(0, maxQuoteChars).join('').trimEnd()}…` : body
  // Blank lines around it go, not its first line's indentation, which can make it code.
  const text = short.replace(/^(?:[ \t]*(?:\r\n?|\n))+/, '').trimEnd()
  return {type: 'quote', text, ...(title ? {title} : {}), ...(url ? {url} : {})}
}

/** How much of a quoted page is shown, in code points. */
const maxQuoteChars = 1200
