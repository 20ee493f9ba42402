import type {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'

/** The `source` of the messages chatmark itself adds to an input's file. */
export const messageSource = 'chatmark'

/** Adds a fatal message (a failure of this input) without throwing. */
export function fail(file: VFile, reason: string, ruleId: string, line?: number): VFileMessage {
  const message = file.message(reason, {
    ruleId,
    source: messageSource,
    ...(line === undefined ? {} : {place: {line, column: 1}})
  })
  message.fatal = true
  return message
}

/** An error's message, or the thrown value as text. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
