import type {MessageLine} from './types.js'
import {isContent} from './types.js'

/**
 * A checkpoint's Content list as message records, so it is read by the same
 * rules as a session: `model` becomes `gemini`, and a user Content of only
 * `functionResponse` parts pairs with the call before it, as v0.44+ session
 * logs record them. Content carries no ids or times: ids are `<prefix>-<index>`.
 * An entry that is not Content is reported and left out.
 */
export function checkpointRecords(
  history: readonly unknown[],
  prefix: string,
  warn: (reason: string, index: number) => void
): MessageLine[] {
  const records: MessageLine[] = []
  for (const [index, item] of history.entries()) {
    if (!isContent(item)) {
      warn(`history[${index}] is not a Content object with role user or model and parts[]: skipped`, index)
      continue
    }
    records.push({id: `${prefix}-${index}`, type: item.role === 'model' ? 'gemini' : 'user', content: item.parts})
  }
  return records
}
