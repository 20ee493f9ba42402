import type {Sample, Verdict} from '@chatmark/core/read'
import {isRecord, isString} from '@chatmark/core/model'
import {
  checkpointHistory,
  isHeaderLine,
  isLogsDocument,
  isMessageType,
  isRestorePoint,
  isRewindLine,
  isSetLine
} from './types.js'

/**
 * Detects a Gemini CLI session: the legacy single JSON object or the JSONL
 * event log (v0.39+). Pure and synchronous; uses only the sample.
 */
export function detect(sample: Sample): Verdict {
  switch (sample.kind) {
    case 'empty':
      return {confidence: 'none', reason: 'empty input'}
    case 'folder':
      return {confidence: 'none', reason: 'a folder of files, not a Gemini CLI session'}
    case 'binary':
      return {confidence: 'none', reason: 'binary data, not a Gemini CLI session'}
    case 'text':
      return {confidence: 'none', reason: 'text that is not JSON, not a Gemini CLI session'}
    case 'json':
      return detectDocument(sample.json, sample.jsonComplete)
    case 'jsonl':
      return detectLines(sample)
  }
}

function detectDocument(json: unknown, complete: boolean): Verdict {
  const saved = savedVerdict(json)
  if (saved) return saved
  if (Array.isArray(json))
    return {confidence: 'none', reason: 'JSON array, not a Gemini CLI session object with sessionId and messages[]'}
  if (!isRecord(json)) {
    return {
      confidence: 'none',
      reason: complete
        ? 'JSON value that is not an object with sessionId and messages[]'
        : 'JSON head that could not be read as an object'
    }
  }
  const legacy = legacyVerdict(json)
  if (legacy) return legacy
  if (isString(json['sessionId']))
    return {confidence: 'none', reason: 'JSON object with sessionId but without messages[]'}
  return {confidence: 'none', reason: 'JSON object without sessionId and messages[]'}
}

/**
 * The other two files the CLI keeps in a project temp dir: a `/chat save`
 * checkpoint (`{history: Content[]}`, or the bare `Content[]` that v0.1.x to
 * v0.15.x at least wrote) and `logs.json` (the typed prompts). The head of a
 * large file parses to the entries it holds whole, so the checks hold for a
 * partial parse too.
 */
function savedVerdict(json: unknown): Verdict | undefined {
  if (isLogsDocument(json)) {
    return {
      confidence: 'certain',
      reason: 'JSON array of {sessionId, messageId, message} prompt entries (Gemini CLI logs.json)',
      variant: 'gemini-logs'
    }
  }
  if (checkpointHistory(json) === undefined) return undefined
  if (isRestorePoint(json)) {
    return {
      confidence: 'certain',
      reason:
        'clientHistory[] of Content and a toolCall (a Gemini CLI restore point, written before a tool edits a file)',
      variant: 'gemini-restore-point'
    }
  }
  if (Array.isArray(json)) {
    return {
      confidence: 'likely',
      reason:
        'JSON array of {role: user|model, parts[]} Content (a Gemini CLI /chat save checkpoint, as v0.1.x to ' +
        'v0.15.x wrote it)',
      variant: 'gemini-checkpoint'
    }
  }
  return {
    confidence: 'certain',
    reason: 'top-level history[] of {role: user|model, parts[]} Content (a Gemini CLI /chat save checkpoint)',
    variant: 'gemini-checkpoint'
  }
}

// A pretty-printed legacy file puts `projectHash` right after `sessionId`, so
// even the partial parse of a large file's head has both keys and `messages`.
function legacyVerdict(json: Record<string, unknown>): Verdict | undefined {
  if (!isString(json['sessionId']) || !Array.isArray(json['messages'])) return undefined
  if (isString(json['projectHash'])) {
    return {confidence: 'certain', reason: 'top-level sessionId, projectHash and messages[]', variant: 'gemini-json'}
  }
  return {confidence: 'likely', reason: 'top-level sessionId and messages[] (no projectHash)', variant: 'gemini-json'}
}

function detectLines(sample: Sample): Verdict {
  const values = sample.records.map((record) => record.value)
  // Claude Code lines also carry `sessionId`; Codex lines are envelopes.
  if (values.some(isClaudeCodeLine))
    return {confidence: 'none', reason: 'JSONL lines with uuid and message (Claude Code), not Gemini CLI'}
  if (values.some((value) => isRecord(value) && 'payload' in value)) {
    return {confidence: 'none', reason: 'JSONL envelope lines with payload (Codex), not Gemini CLI'}
  }

  const [first] = values
  // A one-line file may be a whole legacy record on one line.
  if (values.length === 1 && isRecord(first) && Array.isArray(first['messages'])) {
    const legacy = legacyVerdict(first)
    if (legacy) return legacy
  }
  const header = values.find((value) => isHeaderLine(value) && !('type' in value))
  if (header)
    return {confidence: 'certain', reason: 'JSONL header with sessionId and projectHash', variant: 'gemini-jsonl'}
  if (values.some(isSetLine)) return {confidence: 'certain', reason: 'JSONL $set line', variant: 'gemini-jsonl'}
  if (values.some(isRewindLine)) return {confidence: 'certain', reason: 'JSONL $rewindTo line', variant: 'gemini-jsonl'}

  const messages = values.filter(isGeminiMessage).length
  if (messages > 0 && messages * 2 >= values.length) {
    return {
      confidence: 'likely',
      reason: 'JSONL message lines with id, timestamp and type user/gemini/info',
      variant: 'gemini-jsonl'
    }
  }
  // One line of JSON is as much a document as a log: say what the document lacks.
  if (sample.json !== undefined) return detectDocument(sample.json, sample.jsonComplete)
  return {
    confidence: 'none',
    reason: 'JSONL without a sessionId/projectHash header, $set or $rewindTo line, or Gemini message lines'
  }
}

function isClaudeCodeLine(value: unknown): boolean {
  return isRecord(value) && isString(value['uuid']) && ('message' in value || 'parentUuid' in value)
}

function isGeminiMessage(value: unknown): boolean {
  return isRecord(value) && isString(value['id']) && isString(value['timestamp']) && isMessageType(value['type'])
}
