import type {Conversation} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {idFromName, isRecord} from '@chatmark/core/model'
import {readDocumentOrLines} from '@chatmark/core/read'
import type {Replay} from './replay-jsonl.js'
import {createReplay, replayJsonl} from './replay-jsonl.js'
import {checkpointRecords} from './checkpoint-records.js'
import {markedProjectRoot} from './project-root.js'
import {logsConversations} from './logs-conversations.js'
import type {ToConversationOptions} from './to-conversation.js'
import {toConversation} from './to-conversation.js'
import type {ResolvedOptions} from './options.js'
import {checkpointHistory, isConversationDocument, isLogsDocument, isRestorePoint} from './types.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:gemini'

/** The `sessionId` Gemini CLI's A2A server gives every session it records. */
const sharedSessionId = 'a2a-server'

/**
 * Reads a Gemini CLI session: the JSONL event log record by record, or a
 * legacy JSON document whole. Yields one conversation.
 */
export async function* parse(input: Input, context: ParseContext<ResolvedOptions>): AsyncGenerator<Conversation> {
  // The raw records are released before the conversation is handed on: the
  // caller renders while this generator is suspended at `yield`.
  yield* await readConversations(input, context)
}

async function readConversations(input: Input, context: ParseContext<ResolvedOptions>): Promise<Conversation[]> {
  const {file} = context
  const {view, keepMeta} = context.options
  const warn = (reason: string, line: number, ruleId: string): void => {
    file.message(reason, {place: {line, column: 1}, ruleId, source: messageSource})
  }

  const skipped: Record<string, number> = {}
  // A one-line checkpoint or logs.json is also one JSON line: the verdict says which it is.
  const chosen = context.verdict?.variant
  const read = await readDocumentOrLines(input, context, {
    documentVariant:
      chosen === 'gemini-checkpoint' || chosen === 'gemini-logs' || chosen === 'gemini-restore-point'
        ? chosen
        : 'gemini-json',
    expected: 'one Gemini CLI session object or a JSONL session log',
    source: messageSource,
    skipped
  })
  let variant: ToConversationOptions['variant'] = read.kind === 'document' ? 'gemini-json' : 'gemini-jsonl'
  let replay: Replay
  if (read.kind === 'document') {
    const document = read.value
    const skip = (reason: string): void => {
      file.message(reason, {ruleId: 'unreadable-entry', source: messageSource})
    }
    if (isLogsDocument(document)) return logsConversations(document, input.path, skip)
    const history = checkpointHistory(document)
    if (history) {
      const restore = isRestorePoint(document)
      variant = restore ? 'gemini-restore-point' : 'gemini-checkpoint'
      const state = createReplay({warn, loaded: view === 'resume'})
      const prefix = idFromName(input.name)
      // The tag the user saved under is only in the file name (`checkpoint-<tag>.json`, url-encoded since v0.2x).
      const tag = /(?:^|[\\/])checkpoint-([^\\/]+)\.json$/.exec(input.name)?.[1]
      const authType = isRecord(document) ? document['authType'] : undefined
      state.document({
        messages: checkpointRecords(history, prefix, skip),
        ...(tag ? {checkpointTag: safeDecode(tag)} : {}),
        ...(typeof authType === 'string' ? {authType} : {}),
        ...(restore ? restoreMetadata(document) : {})
      })
      replay = state.finish()
    } else if (!isConversationDocument(document)) {
      const what = Array.isArray(document)
        ? 'a JSON array'
        : isRecord(document)
          ? 'a JSON object without sessionId and messages[]'
          : `a JSON ${typeof document}`
      throw new Error(
        'expected a Gemini CLI session (a JSON object with sessionId and messages[], or a JSONL session log), a ' +
          '/chat save checkpoint ({history: Content[]} or Content[]) or logs.json (prompt entries), found ' +
          `${what}`
      )
    } else {
      const state = createReplay({warn, loaded: view === 'resume'})
      state.document(document)
      replay = state.finish()
    }
  } else {
    replay = await replayJsonl(read.batches, {warn, loaded: view === 'resume'})
    for (const [reason, count] of Object.entries(skipped))
      replay.fidelity[reason] = (replay.fidelity[reason] ?? 0) + count
    if (replay.metadata['sessionId'] === undefined && replay.note.entries.length === 0) {
      throw new Error(
        'no Gemini CLI records found: expected a header line with sessionId and projectHash, message lines, or $set ' +
          '/ $rewindTo lines'
      )
    }
    if (typeof replay.metadata['sessionId'] !== 'string' || typeof replay.metadata['projectHash'] !== 'string') {
      file.message(
        'The log has no header line with sessionId and projectHash, so the Gemini CLI would not load it; the ' +
          'messages are read anyway',
        {
          ruleId: 'missing-header',
          source: messageSource
        }
      )
    }
  }

  const conversation = toConversation(replay, {
    view,
    variant,
    keepMeta,
    fallbackId: idFromName(input.name),
    ...(input.path ? {path: input.path} : {})
  })
  // A session that names no directory with its hash: the one Gemini CLI's folder for the project is marked with.
  const root = conversation.metadata.project === undefined ? await markedProjectRoot(input.path) : undefined
  if (root && 'path' in root) conversation.metadata.project = root.path
  else if (root) {
    file.message(`The project's directory is unknown: ${root.problem}`, {
      ruleId: 'project-root-unreadable',
      source: messageSource
    })
  }
  if (conversation.turns.length === 0) {
    // No note for it: an empty note says nothing, and would stand for a session that has none (A2A-server files are
    // often header-only; Gemini CLI 0.55 left a header-only stub beside each session it migrated).
    file.message(
      'The session holds no messages to show (only injected context, or nothing at all): no note is written',
      {
        ruleId: 'empty-session',
        source: messageSource
      }
    )
    return []
  }
  // Gemini CLI's A2A server names every session it records `a2a-server` (its files `...-a2a-serv.json`): one id
  // would make every such file the same note. The file's name tells them apart, as the CLI's own list does.
  if (conversation.id === sharedSessionId) conversation.id = `${sharedSessionId}-${idFromName(input.name)}`
  return [conversation]
}

// What a restore point was made for: the tool call about to run, and the shadow git commit to restore.
function restoreMetadata(point: {toolCall: Record<string, unknown>; [key: string]: unknown}): Record<string, string> {
  const result: Record<string, string> = {}
  const name = point.toolCall['name']
  if (typeof name === 'string') result['restoreToolCall'] = name
  if (typeof point['commitHash'] === 'string') result['restoreCommit'] = point['commitHash']
  return result
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
