import {isRecord} from '@chatmark/core/model'
import type {SharedStrings} from '@chatmark/core/read'

/**
 * The fields of a record that a note reads, besides the four every chain
 * record has ({@link keptRecord} sets those first). A step that reads
 * another field of a record adds it here (`test/kept-record.test.ts` checks
 * that every `record['...']` the steps read is kept).
 */
export const keptFields: readonly string[] = [
  'toolUseResult',
  'isMeta',
  'isCompactSummary',
  'isApiErrorMessage',
  'subtype',
  'content',
  'level',
  'error',
  'compactMetadata',
  'retryAttempt',
  'attachment',
  'rendered',
  'forkedFrom',
  'requestSessionId',
  'sourceToolUseID',
  'parentToolUseID',
  'toolUseID',
  'agentId'
]

/** The fields of `toolUseResult` a note reads (the rest repeats the tool_result block, or is the tool's own). */
const keptResultFields = ['structuredPatch', 'filePath', 'agentId', 'type']

/**
 * A new record holding only what a note reads of a parsed one: a long
 * session's records are all kept until it is threaded, and a record as
 * Claude Code writes it carries twenty-odd fields of bookkeeping (its links,
 * which the entry holds, permission and request ids, prompt and effort
 * settings) in objects of their own. Also dropped: attachment payloads (the
 * rendered text is kept), the parts of `toolUseResult` that
 * repeat the tool_result block, progress data, a usage's nested details, a thinking block's
 * signature (when its text is there to tell it apart) and a redacted thinking
 * block's encrypted data. Values are kept as they are, whatever their type.
 */
export function keptRecord(value: Record<string, unknown>, strings: SharedStrings): Record<string, unknown> {
  // One literal for the fields most records have, so that records share a few shapes and hold their fields in
  // the object itself.
  const kept: Record<string, unknown> = {
    type: value['type'],
    uuid: value['uuid'],
    timestamp: value['timestamp'],
    message: keptMessage(value['message'], strings),
    cwd: strings.share(value['cwd']),
    gitBranch: strings.share(value['gitBranch']),
    version: strings.share(value['version'])
  }
  for (const field of keptFields) {
    const fieldValue = value[field]
    if (fieldValue !== undefined) kept[field] = keptField(field, fieldValue, strings)
  }
  return kept
}

function keptField(field: string, value: unknown, strings: SharedStrings): unknown {
  if (!isRecord(value)) return field === 'requestSessionId' || field === 'agentId' ? strings.share(value) : value
  switch (field) {
    case 'toolUseResult': {
      const kept: Record<string, unknown> = {}
      for (const key of keptResultFields) if (value[key] !== undefined) kept[key] = value[key]
      return kept
    }
    case 'attachment': {
      const kept: Record<string, unknown> = {type: value['type']}
      if (typeof value['prompt'] === 'string') kept['prompt'] = value['prompt']
      return kept
    }
    case 'forkedFrom':
      return {sessionId: strings.share(value['sessionId'])}
    default:
      return value
  }
}

function keptMessage(message: unknown, strings: SharedStrings): unknown {
  if (!isRecord(message)) return message
  return {
    role: message['role'],
    content: keptContent(message['content']),
    id: message['id'],
    model: strings.share(message['model']),
    usage: keptUsage(message['usage'])
  }
}

function keptUsage(usage: unknown): unknown {
  if (!isRecord(usage)) return usage
  return {
    input_tokens: usage['input_tokens'],
    output_tokens: usage['output_tokens'],
    cache_read_input_tokens: usage['cache_read_input_tokens'],
    cache_creation_input_tokens: usage['cache_creation_input_tokens']
  }
}

/** Content blocks, with a thinking block's signature and a redacted one's data left out when nothing reads them. */
function keptContent(content: unknown): unknown {
  if (!Array.isArray(content)) return content
  for (let index = 0; index < content.length; index++) {
    const block: unknown = content[index]
    if (!isRecord(block)) continue
    // The signature tells apart only a thinking block without text (`assistantParts` dedupes by it).
    if (
      block['type'] === 'thinking' &&
      typeof block['thinking'] === 'string' &&
      block['signature'] !== undefined &&
      block['id'] === undefined &&
      block['text'] === undefined
    )
      content[index] = {type: 'thinking', thinking: block['thinking']}
    else if (block['type'] === 'redacted_thinking' && block['data'] !== undefined)
      content[index] = {type: 'redacted_thinking'}
  }
  return content
}
