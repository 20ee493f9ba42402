import type {Conversation, Fidelity} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {idFromName} from '@chatmark/core/model'
import {formatBytes, readLines} from '@chatmark/core/read'
import {BlockScanner} from './scan-blocks.js'
import {sessionToConversation} from './session-to-conversation.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:aider'

/**
 * Reads an Aider chat history line by line and yields one conversation per
 * `# aider chat started at` session, in file order. Text before the first
 * start line (a history cut at its head) is a session of its own, with a
 * warning.
 */
export async function* parse(input: Input, context: ParseContext): AsyncGenerator<Conversation> {
  const {file, limits} = context
  const fidelity: Fidelity = {}
  const scanner = new BlockScanner()
  const lines = readLines(input, {
    maxLineBytes: limits.maxLineBytes,
    onLongLine: (line, bytes) => {
      file.message(`Line ${line} is ${formatBytes(bytes)}, over the maxLineBytes limit: skipped`, {
        place: {line, column: 1},
        ruleId: 'long-line',
        source: messageSource
      })
      fidelity['long-line'] = (fidelity['long-line'] ?? 0) + 1
    }
  })
  for await (const {line, text} of lines) {
    if (text.includes('\0')) {
      file.message(`Line ${line} holds NUL bytes, so it is not text: skipped`, {
        place: {line, column: 1},
        ruleId: 'binary-line',
        source: messageSource
      })
      fidelity['binary-line'] = (fidelity['binary-line'] ?? 0) + 1
      continue
    }
    scanner.push(text, line)
  }
  const sessions = scanner.finish()
  const baseId = idFromName(input.name)
  const seen = new Map<string, number>()
  for (const [index, session] of sessions.entries()) {
    if (session.startedAt === undefined) {
      file.message(
        'The history does not start with a "# aider chat started at" line: the lines before the first one are ' +
          'read as a session without a start time',
        {place: {line: 1, column: 1}, ruleId: 'missing-header', source: messageSource}
      )
    }
    const key = session.startedAt?.replace(' ', 'T') ?? 'before-first-session'
    const count = (seen.get(key) ?? 0) + 1
    seen.set(key, count)
    const id = `${baseId}-${key}${count > 1 ? `-${count}` : ''}`
    yield sessionToConversation(session, id, {
      fidelity: index === 0 ? fidelity : {},
      ...(input.path ? {path: input.path} : {})
    })
  }
  if (sessions.length === 0) throw new Error('the input holds no Aider chat session: no "# aider chat started at" line')
}
