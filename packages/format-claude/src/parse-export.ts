import type {Conversation} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {readJsonItems} from '@chatmark/core/read'
import {describeConversation, exportConversation} from './export-conversation.js'
import {isExportConversation} from './export-schema.js'

/**
 * Reads a Claude.ai data export (`conversations.json`, an array of
 * conversations or one conversation object) item by item, yielding each
 * conversation as soon as it is parsed: the file can be several GB and is
 * never held whole. Conversations with nothing to show are skipped with a
 * warning; an export without any readable conversation fails.
 */
export async function* parseExport(
  input: Input,
  context: ParseContext,
  branches: 'current' | 'all',
  source: string
): AsyncGenerator<Conversation> {
  const {file, limits} = context
  let found = 0
  let yielded = 0
  for await (const {index, value} of readJsonItems(input, {file, limits, source})) {
    if (!isExportConversation(value)) {
      file.message(
        `Skipped item ${index} of the export: expected a Claude.ai conversation (an object with uuid and ` +
          `chat_messages[]), found ${kindOf(value)}`,
        {ruleId: 'not-a-conversation', source}
      )
      continue
    }
    found++
    const conversation = exportConversation(value, {
      branches,
      index,
      file,
      source,
      ...(input.path ? {path: input.path} : {})
    })
    if (!conversation) {
      file.message(`Skipped ${describeConversation(value)}: it has no message with text, content or attachments`, {
        ruleId: 'empty-conversation',
        source
      })
      continue
    }
    yielded++
    yield conversation
  }
  if (yielded > 0) return
  if (found === 0)
    throw new Error(
      'no Claude.ai conversation found: expected conversations.json, an array of {uuid, name, chat_messages[]} ' +
        'objects (or one such object)'
    )
  const which = found === 1 ? 'its one conversation has' : `all ${found} conversations have`
  throw new Error(
    `no readable conversation in the Claude.ai export: ${which} no message with text, content or attachments`
  )
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') {
    const keys = Object.keys(value).slice(0, 4)
    return keys.length === 0 ? 'an empty object' : `an object with ${keys.join(', ')}`
  }
  return `a ${typeof value}`
}
