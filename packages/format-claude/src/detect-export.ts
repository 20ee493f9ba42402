import type {Verdict} from '@chatmark/core/read'
import {isRecord, isString} from '@chatmark/core/model'
import {isExportConversation, senderOf} from './export-schema.js'

/** The variant name of the Claude.ai data export. */
export const exportVariant = 'claude-ai-export'

/**
 * Detects a Claude.ai data export (`conversations.json`): an array of
 * conversations with `uuid` and `chat_messages[]`, or one such object. The
 * document may be the partial parse of a large file's head (`complete`
 * false): its last element is then cut short and proves nothing either way.
 * Returns `undefined` when the document does not have the export's shape.
 */
export function detectExport(json: unknown, complete: boolean): Verdict | undefined {
  const items = Array.isArray(json) ? json : [json]
  const records = items.filter(isRecord)
  const conversations = records.filter(isExportConversation)
  const head = complete ? '' : ' in the head of a larger file'
  const shape = Array.isArray(json) ? 'array of conversations' : 'conversation object'
  if (conversations.length === 0) {
    const first = records[0]
    // A head cut before the first conversation's chat_messages key.
    if (
      !complete &&
      records.length === 1 &&
      first &&
      isString(first['uuid']) &&
      'name' in first &&
      isString(first['created_at']) &&
      !('mapping' in first)
    ) {
      return {
        confidence: 'possible',
        reason: `JSON ${shape} with uuid, name and created_at, cut before chat_messages${head}`,
        variant: exportVariant
      }
    }
    return undefined
  }
  const messages = conversations.flatMap((conversation) => conversation.chat_messages.filter(isRecord))
  if (messages.some((message) => senderOf(message) !== undefined)) {
    return {
      confidence: 'certain',
      reason: `JSON ${shape} with uuid and chat_messages[] whose messages have sender human/assistant${head}`,
      variant: exportVariant
    }
  }
  return {
    confidence: 'likely',
    reason: `JSON ${shape} with uuid and chat_messages[], no message with a sender seen${head}`,
    variant: exportVariant
  }
}
