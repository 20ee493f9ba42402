import {isRecord, stringOf} from '@chatmark/core/model'

/** `message.content` of a user or assistant record: a string, content blocks, or anything else. */
export function messageContent(record: Record<string, unknown>): unknown {
  const message = record['message']
  return isRecord(message) ? message['content'] : undefined
}

/** The content blocks of a record's message (none when the content is a string). */
export function contentBlocks(record: Record<string, unknown>): Array<Record<string, unknown>> {
  const content = messageContent(record)
  return Array.isArray(content) ? content.filter(isRecord) : []
}

/** The API message id (`message.id`) of an assistant record. */
export function messageIdOf(record: Record<string, unknown>): string | undefined {
  const message = record['message']
  return isRecord(message) ? stringOf(message['id']) : undefined
}
