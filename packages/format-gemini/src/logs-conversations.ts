import type {Conversation, Turn} from '@chatmark/core/model'
import {commandNotice, isRecord, isString, timeOf, userParticipant} from '@chatmark/core/model'
import {looksLikeCommand} from './message-kind.js'

const user = userParticipant()

/**
 * `logs.json` as one conversation per `sessionId`, in file order: each typed
 * prompt a user turn, a slash command a command notice, and a first notice
 * saying that the file holds the prompts only (`Logger.logMessage` in
 * `packages/core/src/core/logger.ts` writes nothing else). An entry that is not
 * a prompt is reported and counted.
 */
export function logsConversations(
  entries: readonly unknown[],
  path: string | undefined,
  warn: (reason: string, index: number) => void
): Conversation[] {
  const sessions = new Map<string, Conversation>()
  for (const [index, entry] of entries.entries()) {
    if (!isRecord(entry) || !isString(entry['sessionId']) || !isString(entry['message'])) {
      warn(`logs.json entry ${index} has no string sessionId and message: skipped`, index)
      continue
    }
    const conversation = sessions.get(entry['sessionId']) ?? newConversation(entry['sessionId'], path)
    sessions.set(entry['sessionId'], conversation)
    if (entry['message'].trim() === '') {
      conversation.fidelity['empty-message'] = (conversation.fidelity['empty-message'] ?? 0) + 1
      continue
    }
    const turn = promptTurn(entry, entry['message'])
    if (turn.timestamp) {
      conversation.createdAt ??= turn.timestamp
      conversation.updatedAt = turn.timestamp
    }
    conversation.turns.push(turn)
  }
  return [...sessions.values()]
}

function newConversation(id: string, path: string | undefined): Conversation {
  return {
    id,
    source: {format: 'gemini', variant: 'gemini-logs', ...(path ? {path} : {})},
    participants: [{...user}],
    metadata: {},
    turns: [
      {
        role: 'system',
        parts: [
          {
            type: 'notice',
            level: 'info',
            kind: 'system',
            text:
              "Gemini CLI's logs.json keeps only the prompts the user typed: the model's answers and tool " +
              "calls are in the session's file under chats/."
          }
        ]
      }
    ],
    fidelity: {}
  }
}

function promptTurn(entry: Record<string, unknown>, message: string): Turn {
  const timestamp = timeOf(entry['timestamp'])
  const id = typeof entry['messageId'] === 'number' ? String(entry['messageId']) : undefined
  const base = {...(id ? {id} : {}), ...(timestamp ? {timestamp} : {})}
  const trimmed = message.trim()
  // logs.json keeps what was typed, not what the model answered: a slash command by the CLI's own test. A leading
  // `?` (help in the earliest versions) is taken for a question: a prompt shown is better than one lost.
  if (trimmed.startsWith('/') && looksLikeCommand(trimmed)) {
    return {
      ...base,
      role: 'system',
      parts: [commandNotice(trimmed)]
    }
  }
  return {...base, role: 'user', author: user.id, parts: [{type: 'text', text: message}]}
}
