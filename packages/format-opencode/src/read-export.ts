import type {Fidelity} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {readJsonDocument} from '@chatmark/core/read'
import {messageSource} from './message-source.js'
import type {StoredMessage, StoredSession} from './types.js'

/**
 * Reads the JSON `opencode export [sessionID]` prints (`cli/cmd/export.ts`;
 * seen on 1.18.33 and 1.1.65): one session, `{info, messages: [{info,
 * parts}]}`, with the same session, message and part objects as the
 * database's `data` columns and the storage folder's files, in OpenCode's
 * own order. `Exporting session: <id>` goes to stderr, so the saved stdout is
 * the JSON alone. A message that is not `{info, parts}` is counted and left out.
 */
export async function* readExport(input: Input, context: ParseContext): AsyncGenerator<StoredSession> {
  const document = await readJsonDocument(input, context.limits, 'an opencode export')
  if (!isRecord(document) || !isRecord(document['info']) || !Array.isArray(document['messages'])) {
    throw new Error(`expected an opencode export ({info, messages: [{info, parts}]}) in ${input.name}`)
  }
  const fidelity: Fidelity = {}
  const messages: StoredMessage[] = []
  for (const [index, item] of document['messages'].entries()) {
    const info = isRecord(item) ? item['info'] : undefined
    const id = isRecord(info) ? stringOf(info['id']) : undefined
    if (!isRecord(item) || !isRecord(info) || !id) {
      context.file.message(
        `messages[${index}] of ${input.name} is not a message ({info: {id}, parts}): it is left out`,
        {
          ruleId: 'unreadable-message',
          source: messageSource
        }
      )
      fidelity['unreadable-message'] = (fidelity['unreadable-message'] ?? 0) + 1
      continue
    }
    const parts = Array.isArray(item['parts']) ? item['parts'] : []
    const readable = parts.filter(isRecord)
    if (readable.length < parts.length) {
      fidelity['unreadable-part'] = (fidelity['unreadable-part'] ?? 0) + parts.length - readable.length
    }
    messages.push({id, info, parts: readable})
  }
  yield {info: document['info'], messages, fidelity}
}
