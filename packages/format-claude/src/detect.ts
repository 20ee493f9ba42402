import type {Sample, Verdict} from '@chatmark/core/read'
import {isRecord, isString} from '@chatmark/core/model'
import {detectExport} from './detect-export.js'
import {bookkeepingTypes, isChainType, isLoglines, titleTypes} from './types.js'

/**
 * Detects a Claude transcript: a Claude Code session (the JSONL file under
 * `~/.claude/projects/` or the `{"loglines": [...]}` wrapper of Claude Code on
 * the web) or a Claude.ai data export (`conversations.json`). The verdict's
 * `variant` tells `parse` which reader to run. Pure and synchronous; uses only
 * the sample.
 */
export function detect(sample: Sample): Verdict {
  switch (sample.kind) {
    case 'empty':
      return {confidence: 'none', reason: 'empty input'}
    case 'folder':
      return {confidence: 'none', reason: 'a folder of files, not a Claude transcript or export'}
    case 'binary':
      return {confidence: 'none', reason: 'binary data, not a Claude Code transcript'}
    case 'text':
      return {confidence: 'none', reason: 'text that is not JSON, not a Claude Code transcript'}
    case 'json':
      return detectExport(sample.json, sample.jsonComplete) ?? longFirstLine(sample) ?? detectDocument(sample.json)
    case 'jsonl':
      // A minified conversations.json is one line of JSON.
      return (sample.json === undefined ? undefined : detectExport(sample.json, sample.complete)) ?? detectLines(sample)
  }
}

/**
 * A session whose first line runs past the sample (a prompt with a pasted
 * screenshot is hundreds of KB of base64) looks like the head of one JSON
 * document: the part of that line the sample holds is a Claude Code user or
 * assistant record (`parentUuid`, camelCase `sessionId`, `message.role`).
 */
function longFirstLine(sample: Sample): Verdict | undefined {
  const json = sample.json
  if (sample.jsonComplete || !isRecord(json) || sample.text.includes('\n', sample.text.search(/\S/))) return undefined
  if (!isMessageEntry(json) || !isString(json['sessionId']) || !('parentUuid' in json)) return undefined
  // Qwen Code writes the same chain with Gemini-shaped `message.parts[]`.
  if (isRecord(json['message']) && Array.isArray(json['message']['parts'])) return undefined
  return {
    confidence: 'likely',
    reason:
      'a first line longer than the sample, a user/assistant record with parentUuid, camelCase sessionId and ' +
      'message.role',
    variant: 'claude-code-jsonl'
  }
}

function detectDocument(json: unknown): Verdict {
  if (!isLoglines(json))
    return {
      confidence: 'none',
      reason: 'JSON document without loglines[] or conversations with chat_messages[], not a Claude transcript'
    }
  const entries = json.loglines.filter(isMessageEntry)
  if (entries.length > 0) {
    return {
      confidence: 'certain',
      reason: 'top-level loglines[] of user/assistant entries with message.role',
      variant: 'claude-code-loglines'
    }
  }
  return {
    confidence: 'likely',
    reason: 'top-level loglines[] without user/assistant entries yet',
    variant: 'claude-code-loglines'
  }
}

function detectLines(sample: Sample): Verdict {
  const values = sample.records.map((record) => record.value).filter(isRecord)
  if (values.some((value) => '$set' in value || '$rewindTo' in value || isString(value['projectHash']))) {
    return {
      confidence: 'none',
      reason: 'JSONL with $set / $rewindTo lines or a projectHash header (Gemini CLI), not Claude Code'
    }
  }
  if (values.some((value) => 'payload' in value && !('uuid' in value))) {
    return {confidence: 'none', reason: 'JSONL envelope lines with payload (Codex), not Claude Code'}
  }
  // Qwen Code writes the same uuid chain with Gemini `Content` messages (`message.parts[]`).
  if (values.some((value) => isRecord(value['message']) && Array.isArray(value['message']['parts']))) {
    return {
      confidence: 'none',
      reason: 'JSONL chain lines whose message has Gemini-shaped parts[] (Qwen Code), not Claude Code'
    }
  }
  if (values.some((value) => isString(value['session_id']) && !isString(value['sessionId']))) {
    return {
      confidence: 'none',
      reason: 'JSONL with snake_case session_id (Agent SDK stream-json output), not a Claude Code transcript'
    }
  }
  // One line of JSON is as much a document as a log.
  if (values.length === 1 && isLoglines(values[0])) return detectDocument(values[0])

  const chain = values.filter(
    (value) => isChainType(value['type']) && isString(value['uuid']) && isString(value['sessionId'])
  )
  const messages = chain.filter(isMessageEntry)
  if (messages.length > 0) {
    const tell = strongTell(values)
    if (tell)
      return {
        confidence: 'certain',
        reason: `JSONL user/assistant lines with uuid, camelCase sessionId and message.role, plus ${tell}`,
        variant: 'claude-code-jsonl'
      }
    return {
      confidence: 'likely',
      reason: 'JSONL user/assistant lines with uuid, camelCase sessionId and message.role',
      variant: 'claude-code-jsonl'
    }
  }
  if (chain.length > 0) {
    return {
      confidence: 'likely',
      reason: 'JSONL chain lines (type, uuid, camelCase sessionId) without messages yet',
      variant: 'claude-code-jsonl'
    }
  }
  if (values.some(isBookkeepingLine)) {
    return {
      confidence: 'likely',
      reason: 'JSONL Claude Code bookkeeping lines (file-history-snapshot, queue-operation, summary with leafUuid)',
      variant: 'claude-code-jsonl'
    }
  }
  if (values.some(isMessageEntry)) {
    return {
      confidence: 'possible',
      reason: 'JSONL user/assistant lines with message.role but no uuid or sessionId',
      variant: 'claude-code-jsonl'
    }
  }
  return {
    confidence: 'none',
    reason: 'JSONL without Claude Code lines (type user/assistant with uuid, sessionId and message.role)'
  }
}

/** The first strong tell found, named for the verdict's reason. */
function strongTell(values: ReadonlyArray<Record<string, unknown>>): string | undefined {
  if (values.some((value) => 'parentUuid' in value)) return 'parentUuid'
  if (values.some((value) => typeof value['isSidechain'] === 'boolean')) return 'isSidechain'
  if (values.some((value) => isString(value['userType']))) return 'userType'
  if (values.some((value) => value['type'] === 'summary' && isString(value['leafUuid'])))
    return 'a summary line with leafUuid'
  if (values.some((value) => isString(value['requestId']) && value['requestId'].startsWith('req_')))
    return 'req_ request ids'
  if (values.some(hasToolUseId)) return 'toolu_ tool ids'
  return undefined
}

function isMessageEntry(value: unknown): boolean {
  if (!isRecord(value) || (value['type'] !== 'user' && value['type'] !== 'assistant')) return false
  const message = value['message']
  return isRecord(message) && message['role'] === value['type']
}

function isBookkeepingLine(value: Record<string, unknown>): boolean {
  const type = value['type']
  if (!isString(type)) return false
  if (titleTypes.has(type)) return isString(value['leafUuid']) || isString(value['sessionId'])
  return bookkeepingTypes.has(type) && (isString(value['sessionId']) || isString(value['messageId']))
}

function hasToolUseId(value: Record<string, unknown>): boolean {
  const message = value['message']
  if (!isRecord(message) || !Array.isArray(message['content'])) return false
  return message['content'].some(
    (block) => isRecord(block) && isString(block['id']) && block['id'].startsWith('toolu_')
  )
}
