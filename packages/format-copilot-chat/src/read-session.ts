import {isRecord} from '@chatmark/core/model'
import type {DocumentOrLines, Input, ParseContext} from '@chatmark/core/read'
import {readDocumentOrLines} from '@chatmark/core/read'
import {readCutDocument} from './cut-document.js'
import {applyEntry, createMutationLog} from './mutation-log.js'
import type {Session} from './session.js'
import {isChatData, toSession} from './session.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:copilot-chat'

const expected =
  'a VS Code chat session (chatSessions/<id>.json, or its .jsonl mutation log) or a "Chat: Export Chat..." file'

/**
 * Reads the input as the session VS Code would load: a `.json` session or an
 * export whole, a `.jsonl` mutation log replayed line by line. A log line
 * that is not JSON (the torn last line of a log VS Code was appending to) is
 * a warning naming it and is left out, as is an entry that cannot be applied;
 * the entries before and after it are kept. `fidelity` receives the counts.
 */
export async function readSession(
  input: Input,
  context: ParseContext,
  fidelity: Record<string, number>
): Promise<Session> {
  const {file} = context
  let read: DocumentOrLines
  try {
    read = await readDocumentOrLines(input, context, {
      // The log's lines are each JSON: only a session or an export written over several lines is read whole.
      documentVariant: context.verdict?.variant === 'vscode-chat-session-log' ? '' : 'vscode-chat-export',
      expected,
      source: messageSource,
      skipped: fidelity
    })
  } catch (error) {
    return cutSession(input, context, fidelity, error)
  }
  if (read.kind === 'document') return sessionOf(read.value, 'document')

  const log = createMutationLog()
  let first: unknown
  let lines = 0
  for await (const batch of read.batches) {
    for (const {line, value} of batch) {
      lines++
      if (lines === 1) first = value
      if (lines === 1 && !isEntry(value)) continue
      applyEntry(log, value, line)
    }
  }
  // A session or export written on one line is a document, not a log.
  if (lines === 1 && !isEntry(first)) return sessionOf(first, 'document')
  for (const {line, reason} of log.rejected) {
    file.message(`Line ${line} of the chat log could not be applied (${reason}): skipped`, {
      place: {line, column: 1},
      ruleId: 'unapplied-entry',
      source: messageSource
    })
  }
  if (log.rejected.length > 0) fidelity['unapplied-log-entry'] = log.rejected.length
  if (!isChatData(log.state)) {
    throw new Error(
      log.initials === 0
        ? 'no initial {"kind":0,"v":{...}} entry in the chat log: expected a VS Code chat session mutation log'
        : `the chat log's state is not a chat session: expected ${expected}`
    )
  }
  return toSession(log.state, 'vscode-chat-session-log')
}

/** Whether a line is an entry of a mutation log (`{kind: 0..3, ...}`), not a session written on one line. */
function isEntry(value: unknown): boolean {
  return isRecord(value) && typeof value['kind'] === 'number' && !('requests' in value)
}

function sessionOf(value: unknown, from: 'document'): Session {
  // A log that holds only its initial entry, read whole.
  if (isEntry(value) && isRecord(value) && value['kind'] === 0 && isChatData(value['v'])) {
    return toSession(value['v'], 'vscode-chat-session-log')
  }
  if (!isChatData(value)) throw new Error(`no chat requests found in the ${from}: expected ${expected}`)
  return toSession(value, typeof value['sessionId'] === 'string' ? 'vscode-chat-session' : 'vscode-chat-export')
}

/**
 * A session or export that is not whole JSON (cut short, or damaged in the middle): the requests before the point
 * where it breaks are kept, with a warning that says where; when that leaves no chat, the error `readJsonDocument`
 * gave stands.
 */
async function cutSession(
  input: Input,
  context: ParseContext,
  fidelity: Record<string, number>,
  error: unknown
): Promise<Session> {
  if (!(error instanceof Error) || !error.message.startsWith('the input is not valid JSON')) throw error
  let cut: {value: unknown; bytes: number}
  try {
    cut = await readCutDocument(input, context.limits)
  } catch {
    throw error
  }
  if (!isChatData(cut.value)) throw error
  // JSON.parse's own words say where the JSON breaks (`Unexpected end of JSON input`, `... at position 812`).
  const where = /not valid JSON \((.*)\); expected/.exec(error.message)?.[1] ?? 'not valid JSON'
  context.file.message(
    `The file's ${cut.bytes} bytes are not whole JSON (${where}): cut short or damaged there, so the requests ` +
      'before that point are kept, the last perhaps in part',
    {ruleId: 'cut-document', source: messageSource}
  )
  fidelity['cut-document'] = 1
  return sessionOf(cut.value, 'document')
}
