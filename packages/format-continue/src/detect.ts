import type {Sample, Verdict} from '@chatmark/core/read'
import {isRecord, isString} from '@chatmark/core/model'
import {isIndexEntry} from './types.js'

/**
 * Detects a Continue session (`<sessionId>.json`) or the `sessions.json`
 * index. Pure and synchronous; reads only the sample, whose JSON may be the
 * partial parse of a large file's head.
 */
export function detect(sample: Sample): Verdict {
  // A one-line document (`JSON.stringify` without indentation) is sampled as JSON Lines, and has `json` too.
  const oneLine = sample.kind === 'jsonl' && sample.json !== undefined
  if (sample.kind !== 'json' && !oneLine)
    return {confidence: 'none', reason: `${sample.kind} input, not a Continue session JSON`}
  const json = sample.json
  if (Array.isArray(json)) return detectIndex(json)
  if (!isRecord(json)) return {confidence: 'none', reason: 'JSON value that is not a Continue session object'}
  if (!isString(json['sessionId']))
    return {confidence: 'none', reason: 'JSON object without sessionId, not a Continue session'}
  // `workspaceDirectory` next to `history` is Continue's alone: Gemini CLI
  // sessions have `messages`, its /chat checkpoints `history` without sessionId.
  if (Array.isArray(json['history']) && isString(json['workspaceDirectory']))
    return {confidence: 'certain', reason: 'top-level sessionId, workspaceDirectory and history[]', variant: 'session'}
  if (Array.isArray(json['history']))
    return {
      confidence: 'likely',
      reason: 'top-level sessionId and history[] (no workspaceDirectory)',
      variant: 'session'
    }
  return {confidence: 'none', reason: 'JSON object with sessionId but without history[]'}
}

function detectIndex(json: unknown[]): Verdict {
  const [first] = json
  if (first !== undefined && isIndexEntry(first) && isString(first['workspaceDirectory']))
    return {
      confidence: 'certain',
      reason: 'JSON array of {sessionId, dateCreated, workspaceDirectory}',
      variant: 'index'
    }
  return {confidence: 'none', reason: 'JSON array that is not a Continue sessions.json index'}
}
