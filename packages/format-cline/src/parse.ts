import type {Conversation} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {messageSource} from './message-source.js'
import {readContainer} from './read-container.js'
import {readFile} from './read-file.js'
import type {Report} from './task-conversation.js'

/**
 * Reads Cline's files: a folder (or archive) of task folders or SDK
 * sessions, one conversation each; or one file (`api_conversation_history.json`,
 * `ui_messages.json`, an SDK session's `<id>.messages.json`), read with the
 * other files of its task or session beside it when it has a path.
 */
export async function* parse(input: Input, context: ParseContext): AsyncGenerator<Conversation> {
  const report: Report = (reason, ruleId) => {
    context.file.message(reason, {ruleId, source: messageSource})
  }
  if (input.entries && input.openEntry) yield* readContainer(input, input.entries, context, report)
  else yield await readFile(input, context, report)
}
