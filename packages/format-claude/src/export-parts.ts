import type {Artifact, AttachmentPart, CodePart, Part, ToolCallPart, ToolResult} from '@chatmark/core/model'
import {isNumber, isRecord, isString, languageOf, numberOf, stringOf} from '@chatmark/core/model'
import {antTagParts} from './ant-tag-parts.js'
import {artifactLanguage, autolink, inlineText} from './markdown-source.js'
import {formatSize} from './tool-result.js'

/** What the parts of one conversation share: counts, footnote numbers and tool calls waiting for results. */
export interface PartsState {
  count(reason: string, by?: number): void
  /** Footnote number of each cited URL, numbered across the conversation. */
  footnotes: Map<string, number>
  /** Tool calls by id, for results anywhere later in the conversation. */
  calls: Map<string, ToolCallPart | {artifact: true}>
  /** Titles of web pages seen in search results, by URL, for citation footnotes. */
  sources: Map<string, string>
  /** Artifact titles by artifact id, for updates that do not repeat the title. */
  artifacts: Map<string, string>
}

/** A fresh {@link PartsState} counting into `count`. */
export function createPartsState(count: PartsState['count']): PartsState {
  return {count, footnotes: new Map(), calls: new Map(), sources: new Map(), artifacts: new Map()}
}

/**
 * The parts of one `chat_messages[]` element, in order: its content blocks
 * (or its `text` when it has no readable blocks: `text` flattens the blocks
 * in newer exports, so showing both would repeat the message), then its
 * pasted or uploaded attachments and its files.
 */
export function messageParts(record: Record<string, unknown>, state: PartsState): Part[] {
  const blocks = Array.isArray(record['content']) ? record['content'].filter(isRecord) : []
  const assistant = record['sender'] === 'assistant'
  const parts: Part[] = []
  if (blocks.length > 0) parts.push(...blockParts(blocks, state, assistant))
  if (parts.length === 0) {
    const text = stringOf(record['text']) ?? ''
    if (/\S/.test(text)) parts.push(...assistantText(text, state, assistant))
  }
  parts.push(...attachmentParts(record))
  return parts
}

/** Whether a message has anything a note could show, without building its parts. */
export function hasContent(record: Record<string, unknown>): boolean {
  if (/\S/.test(stringOf(record['text']) ?? '')) return true
  if (Array.isArray(record['content']) && record['content'].some(isRecord)) return true
  return ['attachments', 'files', 'files_v2'].some((key) => listOf(record[key]).length > 0)
}

/**
 * An assistant's text with its inline `<antThinking>` and `<antArtifact>` tags
 * as parts (2024 exports; see {@link antTagParts}); any other text as it is.
 */
function assistantText(text: string, state: PartsState, assistant: boolean): Part[] {
  return assistant && (text.includes('<antThinking>') || text.includes('<antArtifact'))
    ? antTagParts(text, state)
    : [{type: 'text', text}]
}

function blockParts(blocks: Array<Record<string, unknown>>, state: PartsState, assistant: boolean): Part[] {
  const parts: Part[] = []
  // Calls of this message without an id, waiting for a result without one.
  const waiting: ToolCallPart[] = []
  for (const block of blocks) {
    switch (block['type']) {
      case 'text': {
        const text = stringOf(block['text']) ?? ''
        if (!/\S/.test(text)) break
        // Citations index into the text as written, so a cited text is kept whole.
        const cited = Array.isArray(block['citations']) && block['citations'].length > 0
        if (cited) parts.push({type: 'text', text: withCitations(text, block['citations'], state)})
        else parts.push(...assistantText(text, state, assistant))
        break
      }
      case 'thinking':
        parts.push(...thinkingParts(block, state))
        break
      case 'tool_use': {
        const id = stringOf(block['id'])
        if (block['name'] === 'artifacts') {
          const artifact = artifactPart(block['input'], state)
          if (artifact) parts.push(artifact)
          if (id !== undefined) state.calls.set(id, {artifact: true})
          break
        }
        const call = toolCall(block)
        parts.push(call)
        if (id === undefined) waiting.push(call)
        else state.calls.set(id, call)
        break
      }
      case 'tool_result': {
        const id = stringOf(block['tool_use_id'])
        const name = stringOf(block['name'])
        const known = id === undefined ? undefined : state.calls.get(id)
        const call =
          known ??
          (id === undefined
            ? waiting.find((candidate) => !candidate.result && (name === undefined || candidate.name === name))
            : undefined)
        const result = toolResult(block, state)
        if (call && 'artifact' in call) {
          if (result.isError)
            parts.push({
              type: 'notice',
              level: 'error',
              kind: 'artifact-error',
              text: `The artifact tool failed: ${result.text || 'no message'}`
            })
          break
        }
        if (call && !call.result) {
          call.result = result
          call.status = result.isError ? 'error' : 'success'
          break
        }
        state.count('orphan-tool-result')
        parts.push({
          type: 'tool-call',
          text: 'Result without its call',
          name: name ?? 'tool',
          input: {},
          result,
          status: result.isError ? 'error' : 'success'
        })
        break
      }
      default: {
        const type = stringOf(block['type']) ?? 'untyped'
        state.count('unknown-content-block')
        parts.push({
          type: 'notice',
          level: 'warning',
          kind: 'unknown-content',
          text: `A content block of unknown type “${type}” is not shown`
        })
      }
    }
  }
  return parts
}

/**
 * A text block's citations as footnotes: a `[^n]` call where each cited span
 * ends and a definition with the source's title and URL after the text.
 * Numbers are per conversation and per URL; a URL cited again reuses its number.
 */
function withCitations(text: string, citations: unknown, state: PartsState): string {
  if (!Array.isArray(citations) || citations.length === 0) return text
  const byEnd = new Map<number, number[]>()
  const definitions: string[] = []
  for (const citation of citations) {
    if (!isRecord(citation)) continue
    const details = isRecord(citation['details']) ? citation['details'] : {}
    const url = stringOf(details['url']) ?? stringOf(citation['url'])
    if (url === undefined) continue
    let number = state.footnotes.get(url)
    if (number === undefined) {
      number = state.footnotes.size + 1
      state.footnotes.set(url, number)
      const title = stringOf(details['title']) ?? stringOf(citation['title']) ?? state.sources.get(url)
      definitions.push(`[^${number}]: ${title ? `[${inlineText(title)}](${autolink(url)})` : autolink(url)}`)
    }
    const end = endIndex(text, numberOf(citation['end_index']))
    const list = byEnd.get(end) ?? []
    if (!list.includes(number)) list.push(number)
    byEnd.set(end, list)
  }
  let out = text
  for (const end of [...byEnd.keys()].sort((a, b) => b - a)) {
    out = `${out.slice(0, end)}${byEnd
      .get(end)!
      .map((number) => `[^${number}]`)
      .join('')}${out.slice(end)}`
  }
  return definitions.length > 0 ? `${out.replace(/\s+$/, '')}\n\n${definitions.join('\n')}` : out
}

/** Where a footnote call goes: the cited span's end, kept inside the text and off a surrogate pair. */
function endIndex(text: string, end: number | undefined): number {
  if (end === undefined || !Number.isInteger(end) || end < 0 || end > text.length)
    return text.replace(/\s+$/, '').length
  const code = text.charCodeAt(end)
  return code >= 0xdc00 && code <= 0xdfff ? end + 1 : end
}

function thinkingParts(block: Record<string, unknown>, state: PartsState): Part[] {
  const parts: Part[] = []
  const text = stringOf(block['thinking']) ?? ''
  if (/\S/.test(text)) parts.push({type: 'thinking', text})
  else {
    const summaries = Array.isArray(block['summaries'])
      ? block['summaries'].flatMap((item) =>
          isRecord(item) && isString(item['summary']) && /\S/.test(item['summary']) ? [item['summary']] : []
        )
      : []
    if (summaries.length > 0) {
      state.count('thinking-summary-only')
      parts.push({
        type: 'thinking',
        subject: 'Summary (the full thinking is not in the export)',
        text: summaries.join('\n\n')
      })
    } else {
      state.count('thinking-not-recorded')
    }
  }
  if (parts.length > 0 && (block['cut_off'] === true || block['truncated'] === true)) {
    state.count('thinking-cut-off')
    parts.push({type: 'notice', level: 'info', kind: 'thinking-cut-off', text: 'The thinking above was cut off'})
  }
  return parts
}

function toolCall(block: Record<string, unknown>): ToolCallPart {
  const name = stringOf(block['name']) ?? 'tool'
  const raw = block['input'] ?? {}
  // Code-running tools (the analysis tool, a REPL) are easier to read as the code itself.
  const code =
    isRecord(raw) && isString(raw['code']) && Object.keys(raw).every((key) => key === 'code' || key === 'language')
      ? raw['code']
      : undefined
  const call: ToolCallPart = {type: 'tool-call', text: stringOf(block['message']) ?? name, name, input: code ?? raw}
  const id = stringOf(block['id'])
  if (id !== undefined) call.id = id
  const integration = stringOf(block['integration_name'])
  if (integration !== undefined && integration !== name) call.displayName = integration
  return call
}

/** A `tool_result` block as a result: its text, and web search results as a numbered list of titles and URLs. */
function toolResult(block: Record<string, unknown>, state: PartsState): ToolResult {
  const content = block['content']
  const pieces: string[] = []
  let sources = 0
  if (isString(content)) pieces.push(content)
  else if (Array.isArray(content)) {
    for (const item of content) {
      if (!isRecord(item)) continue
      if (item['type'] === 'knowledge') {
        sources++
        const metadata = isRecord(item['metadata']) ? item['metadata'] : {}
        const site = stringOf(metadata['site_name']) ?? stringOf(metadata['site_domain'])
        const title = stringOf(item['title']) ?? stringOf(item['url']) ?? 'Untitled source'
        const url = stringOf(item['url'])
        if (url !== undefined && isString(item['title']) && /\S/.test(item['title']))
          state.sources.set(url, item['title'])
        pieces.push(`${sources}. ${title}${site ? ` (${site})` : ''}${url ? `\n   ${url}` : ''}`)
      } else if (isString(item['text'])) pieces.push(item['text'])
      else pieces.push(`[${stringOf(item['type']) ?? 'untyped'} content]`)
    }
  }
  if (pieces.length === 0 && isString(block['message'])) pieces.push(block['message'])
  const result: ToolResult = {text: pieces.join('\n')}
  if (block['is_error'] === true) result.isError = true
  return result
}

const artifactVerbs: Readonly<Record<string, string>> = {create: 'created', rewrite: 'rewritten', update: 'updated'}

/**
 * An artifact (`tool_use` named `artifacts`) as a code part: its title, type
 * and what was done, and its content in its language (an update's replaced
 * text as a diff; empty when the call carries neither).
 */
function artifactPart(input: unknown, state: PartsState): CodePart | undefined {
  if (!isRecord(input)) return undefined
  const id = stringOf(input['id'])
  const own = stringOf(input['title'])
  if (id !== undefined && own !== undefined) state.artifacts.set(id, own)
  const title = own ?? (id === undefined ? undefined : (state.artifacts.get(id) ?? id)) ?? 'Untitled'
  const type = stringOf(input['type'])
  const command = stringOf(input['command']) ?? 'create'
  const artifact: Artifact = {title, ...(type ? {kind: type} : {}), action: artifactVerbs[command] ?? command}
  const content = stringOf(input['content'])
  if (content !== undefined)
    return {type: 'code', text: content, language: artifactLanguage(stringOf(input['language']), type), artifact}
  const oldText = stringOf(input['old_str'])
  const newText = stringOf(input['new_str'])
  if (oldText !== undefined || newText !== undefined) {
    const diff = [...lines(oldText, '-'), ...lines(newText, '+')].join('\n')
    return {type: 'code', text: diff, language: 'diff', artifact}
  }
  return {type: 'code', text: '', artifact}
}

function lines(text: string | undefined, sign: string): string[] {
  return text === undefined || text === ''
    ? []
    : text
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => `${sign}${line}`)
}

/**
 * Attachments (pasted or uploaded text: an attachment line, then the extracted
 * text in full as a code block, since it is what the user sent) and files
 * (images, documents: the attachment line only). A file listed again under
 * `files` or `files_v2` with the name of an attachment is shown once.
 */
function attachmentParts(record: Record<string, unknown>): Part[] {
  const parts: Part[] = []
  const names = new Set<string>()
  for (const attachment of listOf(record['attachments'])) {
    const name = stringOf(attachment['file_name'])?.trim() || undefined
    const mimeType = stringOf(attachment['file_type'])?.trim() || undefined
    const size = numberOf(attachment['file_size'])
    const content = stringOf(attachment['extracted_content']) ?? ''
    const part: AttachmentPart = {
      type: 'attachment',
      text: describe(name === undefined ? 'pasted text' : mimeType, size, content)
    }
    if (name !== undefined) {
      part.name = name
      names.add(name)
    }
    if (mimeType !== undefined) part.mimeType = mimeType
    if (size !== undefined && isNumber(size)) part.size = size
    parts.push(part)
    if (/\S/.test(content)) parts.push({type: 'code', text: content, language: languageOf(name, mimeType)})
  }
  // `files_v2` (newer) says what kind of file it is; `files` repeats it with less.
  for (const file of [...listOf(record['files_v2']), ...listOf(record['files'])]) {
    const name = stringOf(file['file_name'])?.trim() || undefined
    if (name !== undefined && names.has(name)) continue
    if (name !== undefined) names.add(name)
    const kind = stringOf(file['file_kind']) ?? stringOf(file['file_type']) ?? 'file'
    const part: AttachmentPart = {type: 'attachment', text: kind}
    if (name !== undefined) part.name = name
    parts.push(part)
  }
  return parts
}

function describe(kind: string | undefined, size: number | undefined, content: string): string {
  const pieces = [kind ?? 'file']
  if (size !== undefined) pieces.push(formatSize(size))
  if (/\S/.test(content)) {
    const count = content.replace(/\n$/, '').split('\n').length
    pieces.push(`${count.toLocaleString('en-US')} line${count === 1 ? '' : 's'} of text`)
  }
  return pieces.join(', ')
}

function listOf(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.filter(isRecord) : []
}
