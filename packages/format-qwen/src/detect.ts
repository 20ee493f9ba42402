import {isRecord} from '@chatmark/core/model'
import type {Sample, Verdict} from '@chatmark/core/read'
import {hasContentParts, isChatRecord} from './types.js'

/**
 * Detects a Qwen Code chat recording (`~/.qwen/projects/<path>/chats/<id>.jsonl`).
 * Claude Code writes the same `uuid` / `parentUuid` / `sessionId` chain, so the
 * fingerprint is what only Qwen Code writes: Gemini `Content` messages
 * (`message.parts[]`, role `model`), `tool_result` records or system records
 * with a `systemPayload`. Pure and synchronous; uses only the sample.
 */
export function detect(sample: Sample): Verdict {
  switch (sample.kind) {
    case 'empty':
      return {confidence: 'none', reason: 'empty input'}
    case 'folder':
      return {confidence: 'none', reason: 'a folder of files, not a Qwen Code chat recording'}
    case 'binary':
      return {confidence: 'none', reason: 'binary data, not a Qwen Code chat recording'}
    case 'text':
      return {confidence: 'none', reason: 'text that is not JSON, not a Qwen Code chat recording'}
    case 'json':
    case 'jsonl':
      return detectLines(sample)
  }
}

function detectLines(sample: Sample): Verdict {
  const values = sample.records.map((record) => record.value).filter(isRecord)
  const chain = values.filter(isChatRecord)
  if (chain.length === 0) {
    return {
      confidence: 'none',
      reason: 'no lines with uuid, sessionId and type user/assistant/tool_result/system (Qwen Code chat records)'
    }
  }
  const tell = qwenTell(chain)
  if (tell) return {confidence: 'certain', reason: `JSONL chat records with uuid and sessionId, plus ${tell}`}
  return {
    confidence: 'none',
    reason:
      'JSONL chat records with uuid and sessionId but no Gemini-shaped message.parts[] (Claude Code, not Qwen Code)'
  }
}

/** The first Qwen Code fingerprint found in the chain records, named for the verdict's reason. */
function qwenTell(chain: ReadonlyArray<Record<string, unknown>>): string | undefined {
  if (chain.some(hasContentParts)) return 'Gemini-shaped message.parts[]'
  if (chain.some((value) => value['type'] === 'tool_result')) return 'tool_result records'
  if (chain.some((value) => value['type'] === 'system' && isRecord(value['systemPayload'])))
    return 'system records with systemPayload'
  return undefined
}
