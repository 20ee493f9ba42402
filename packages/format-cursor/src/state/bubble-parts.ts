import type {AttachmentPart, Part, TokenCounts} from '@chatmark/core/model'
import {isRecord, numberOf, stringOf} from '@chatmark/core/model'
import {toolFormerCall} from './tool-former.js'

/** The facts of one bubble a turn carries besides its parts. */
export interface BubbleFacts {
  model?: string
  tokens?: TokenCounts
}

/** Bubble fields that carry content this reader shows: any other bubble with none of them is unknown content. */
const known = ['text', 'thinking', 'allThinkingBlocks', 'toolFormerData', 'errorDetails', 'codeBlocks']

/**
 * The parts of one Cursor bubble, of every era: the chat panel's `{type:
 * "user" | "ai"}` bubbles and the composer's `{type: 1 | 2}` ones (inline in
 * `conversation[]` or a `bubbleId:` row). `thinking.text` (or else
 * `allThinkingBlocks[].thinking`), `text`, `toolFormerData` (a tool call with
 * its result), `errorDetails` (a failed request), `codeBlocks` whose code the
 * text does not already hold, and the files and images the user attached.
 */
export function bubbleParts(bubble: Record<string, unknown>, role: 'user' | 'assistant'): Part[] {
  const parts: Part[] = []
  for (const text of thinkingTexts(bubble)) parts.push({type: 'thinking', text})
  const text = stringOf(bubble['text']) ?? ''
  if (text.trim() !== '') parts.push({type: 'text', text})
  if (isRecord(bubble['toolFormerData'])) parts.push(toolFormerCall(bubble['toolFormerData']))
  const error = bubble['errorDetails']
  if (isRecord(error)) {
    const title = stringOf(error['title'])
    const message = stringOf(error['message']) ?? title ?? 'The request failed'
    parts.push({type: 'notice', level: 'error', kind: 'api-error', message, ...(title ? {errorType: title} : {})})
  }
  for (const code of codeBlocks(bubble['codeBlocks'], text)) parts.push(code)
  if (role === 'user') parts.push(...attachments(bubble))
  // A bubble of a capability this reader does not know (15 is a tool call) holds its content in fields of its own; one
  // with no capability and no content is a placeholder Cursor leaves while it streams (counted by the caller).
  const capability = numberOf(bubble['capabilityType'])
  if (parts.length === 0 && capability !== undefined && !known.some((key) => hasValue(bubble[key]))) {
    const kind = capability === undefined ? '' : ` (capability type ${capability})`
    parts.push({
      type: 'notice',
      level: 'info',
      kind: 'unknown-content',
      text: `A Cursor bubble of a kind chatmark does not read${kind}`,
      details: JSON.stringify(bubble, null, 2).slice(0, 4000)
    })
  }
  return parts
}

/** The model and tokens of a bubble: `modelInfo.modelName` (split storage), `modelType` (chat panel). */
export function bubbleFacts(bubble: Record<string, unknown>): BubbleFacts {
  const facts: BubbleFacts = {}
  const info = bubble['modelInfo']
  const model = (isRecord(info) ? stringOf(info['modelName']) : undefined) || stringOf(bubble['modelType'])
  if (model) facts.model = model
  const count = bubble['tokenCount']
  if (isRecord(count)) {
    const input = numberOf(count['inputTokens'])
    const output = numberOf(count['outputTokens'])
    // Cursor writes {inputTokens: 0, outputTokens: 0} on bubbles it did not count: zero there means unknown.
    if (input || output) {
      facts.tokens = {}
      if (input !== undefined) facts.tokens.input = input
      if (output !== undefined) facts.tokens.output = output
    }
  }
  return facts
}

function thinkingTexts(bubble: Record<string, unknown>): string[] {
  const thinking = bubble['thinking']
  const text = isRecord(thinking) ? stringOf(thinking['text']) : undefined
  if (text && text.trim() !== '') return [text]
  const blocks = bubble['allThinkingBlocks']
  if (!Array.isArray(blocks)) return []
  return blocks
    .map((block) => (isRecord(block) ? (stringOf(block['thinking']) ?? stringOf(block['text'])) : undefined))
    .filter((block): block is string => block !== undefined && block.trim() !== '')
}

function codeBlocks(value: unknown, text: string): Part[] {
  if (!Array.isArray(value)) return []
  const parts: Part[] = []
  for (const block of value) {
    if (!isRecord(block)) continue
    const content = stringOf(block['content'])
    if (!content || text.includes(content.trim())) continue
    const language = stringOf(block['languageId'])
    parts.push({type: 'code', text: content, ...(language ? {language} : {})})
  }
  return parts
}

/**
 * Files and images the user attached: the chat panel keeps `fileSelections`
 * and `selectedImages` on the bubble, the composer under `context` and in
 * `images`. Only their paths: Cursor keeps no bytes here.
 */
function attachments(bubble: Record<string, unknown>): AttachmentPart[] {
  const context = isRecord(bubble['context']) ? bubble['context'] : {}
  const found: AttachmentPart[] = []
  const seen = new Set<string>()
  const add = (path: string | undefined, kind: string): void => {
    if (!path || seen.has(path)) return
    seen.add(path)
    const name = path.split(/[\\/]/).pop() || path
    found.push({type: 'attachment', text: kind, name, reference: path})
  }
  for (const source of [bubble, context]) {
    for (const file of list(source['fileSelections'])) add(uriPath(file['uri']), 'attached file')
    for (const image of list(source['selectedImages'])) add(stringOf(image['path']), 'attached image')
  }
  for (const image of list(bubble['images'])) add(stringOf(image['path']), 'attached image')
  return found
}

function list(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.filter(isRecord) : []
}

function uriPath(uri: unknown): string | undefined {
  if (!isRecord(uri)) return undefined
  return stringOf(uri['fsPath']) ?? stringOf(uri['path'])
}

function hasValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  return true
}
