import type {Sample, Verdict} from '@chatmark/core/read'
import {isRecord, isString} from '@chatmark/core/model'
import {isEnvelopeLine, isLegacyMetaLine, isLineKind, isResponseItem, isStateLine} from './types.js'

/**
 * Detects a Codex CLI rollout: the envelope JSONL (CLI 0.4x and later), the
 * legacy Rust JSONL, or the TS CLI's JSON document. Pure and synchronous;
 * uses only the sample.
 */
export function detect(sample: Sample): Verdict {
  switch (sample.kind) {
    case 'empty':
      return {confidence: 'none', reason: 'empty input'}
    case 'folder':
      return {confidence: 'none', reason: 'a folder of files, not a Codex rollout'}
    case 'binary':
      return {
        confidence: 'none',
        reason:
          sample.magic === 'zstd'
            ? 'zstd-compressed data (a .jsonl.zst rollout must be decompressed first)'
            : 'binary data, not a Codex rollout'
      }
    case 'text':
      return {confidence: 'none', reason: 'text that is not JSON, not a Codex rollout'}
    case 'json':
      return detectDocument(sample.json, sample.jsonComplete)
    case 'jsonl':
      return detectLines(sample)
  }
}

function detectDocument(json: unknown, complete: boolean): Verdict {
  if (Array.isArray(json)) return {confidence: 'none', reason: 'JSON array, not a Codex rollout'}
  if (!isRecord(json))
    return {
      confidence: 'none',
      reason: complete ? 'JSON value that is not an object' : 'JSON head that could not be read as an object'
    }
  const session = json['session']
  if (isRecord(session) && isString(session['id']) && isString(session['timestamp'])) {
    if (Array.isArray(json['items']))
      return {
        confidence: 'certain',
        reason: 'top-level session {id, timestamp} and items[] (Codex TS CLI)',
        variant: 'codex-ts-json'
      }
    if (!complete)
      return {
        confidence: 'likely',
        reason: 'top-level session {id, timestamp} in the head, items[] not seen yet',
        variant: 'codex-ts-json'
      }
  }
  // A first line longer than the sample (a session_meta line with long instructions) is read as a partial document.
  if (!complete && isEnvelopeLine(json) && isLineKind(json['type'])) {
    return {
      confidence: 'certain',
      reason: `first line is a Codex ${json['type']} envelope {timestamp, type, payload}`,
      variant: 'codex-envelope'
    }
  }
  return {confidence: 'none', reason: 'JSON object without session {id, timestamp} and items[]'}
}

function detectLines(sample: Sample): Verdict {
  const values = sample.records.map((record) => record.value)
  if (values.some(isClaudeCodeLine))
    return {confidence: 'none', reason: 'JSONL lines with uuid and sessionId (Claude Code), not Codex'}
  if (values.some(isGeminiLine))
    return {confidence: 'none', reason: 'JSONL $set or sessionId/projectHash lines (Gemini CLI), not Codex'}

  const envelopes = values.filter(isEnvelopeLine)
  const known = envelopes.find((value) => isLineKind(value.type) && isString(value['timestamp']))
  if (known) {
    return {
      confidence: 'certain',
      reason: `JSONL envelope lines {timestamp, type, payload} (first known kind: ${known.type})`,
      variant: 'codex-envelope'
    }
  }
  if (envelopes.length > 0 && envelopes.length * 2 >= values.length) {
    return {
      confidence: 'likely',
      reason: 'JSONL envelope lines {type, payload} without a known Codex line kind and timestamp',
      variant: 'codex-envelope'
    }
  }

  const [first] = values
  if (values.length === 1 && isRecord(first) && isRecord(first['session']) && Array.isArray(first['items'])) {
    return detectDocument(first, true)
  }
  if (isLegacyMetaLine(first)) {
    const rest = values.slice(1)
    if (rest.some(isStateLine))
      return {
        confidence: 'certain',
        reason: 'first line {id, timestamp} and record_type "state" lines (legacy Codex JSONL)',
        variant: 'codex-legacy-jsonl'
      }
    if (rest.some(isLegacyItem))
      return {
        confidence: 'certain',
        reason: 'first line {id, timestamp} and bare response items (legacy Codex JSONL)',
        variant: 'codex-legacy-jsonl'
      }
    if (rest.length === 0 && ('instructions' in first || 'git' in first)) {
      return {
        confidence: 'likely',
        reason: 'a lone line {id, timestamp, instructions/git} (legacy Codex session meta)',
        variant: 'codex-legacy-jsonl'
      }
    }
  }
  if (values.length > 0 && values.every((value) => isLegacyItem(value) || isStateLine(value))) {
    return {
      confidence: 'possible',
      reason: 'JSONL of bare Responses API items without a session line',
      variant: 'codex-legacy-jsonl'
    }
  }
  if (sample.json !== undefined) return detectDocument(sample.json, sample.jsonComplete)
  return {
    confidence: 'none',
    reason: 'JSONL without {timestamp, type, payload} envelopes or a legacy {id, timestamp} first line'
  }
}

// A bare Responses API item as legacy rollouts write it: a message with typed content, or a call with a call_id.
function isLegacyItem(value: unknown): boolean {
  if (!isResponseItem(value)) return false
  if (value.type === 'message') {
    const content = value['content']
    return (
      isString(value['role']) &&
      Array.isArray(content) &&
      content.some((item) => isRecord(item) && /^(?:input|output)_text$/.test(String(item['type'])))
    )
  }
  return value.type === 'reasoning' || isString(value['call_id'])
}

function isClaudeCodeLine(value: unknown): boolean {
  return isRecord(value) && isString(value['uuid']) && ('sessionId' in value || 'parentUuid' in value)
}

function isGeminiLine(value: unknown): boolean {
  return (
    isRecord(value) &&
    ('$set' in value || '$rewindTo' in value || (isString(value['sessionId']) && isString(value['projectHash'])))
  )
}
