import {isRecord, isString, stringOf} from '@chatmark/core/model'
import {partItems} from './content-parts.js'

/**
 * What a message says, independent of the shape it is stored in, to find the
 * message a checkpoint copy stands for. Checkpoints rewrite messages into
 * API form (`content` as parts, thoughts as `thought: true` parts, tool calls
 * as `functionCall` parts) and compression gives the kept ones new ids
 * (observed in Gemini CLI 0.61 files), so ids alone cannot match them.
 * Thoughts are left out (resume copies fold them into content); tool outputs
 * are left out (compression may truncate them); calls and responses count by
 * tool name and call id.
 */
export function contentSignature(record: Record<string, unknown>): string {
  const pieces: string[] = []
  let text = ''
  for (const item of partItems(record['content'])) {
    if (isString(item)) text += item
    else if (isRecord(item)) {
      if (isString(item['text']) && item['thought'] !== true) text += item['text']
      const call = item['functionCall']
      if (isRecord(call)) pieces.push(`call:${stringOf(call['name']) ?? ''}`)
      const response = item['functionResponse']
      if (isRecord(response)) pieces.push(`response:${stringOf(response['id']) ?? stringOf(response['name']) ?? ''}`)
    }
  }
  if (Array.isArray(record['toolCalls'])) {
    for (const call of record['toolCalls']) if (isRecord(call)) pieces.push(`call:${stringOf(call['name']) ?? ''}`)
  }
  const calls = [...new Set(pieces)].sort()
  return [text.trim(), ...calls].join('\u0000')
}
