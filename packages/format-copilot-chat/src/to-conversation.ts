import type {Conversation, ConversationMetadata, Participant, Turn} from '@chatmark/core/model'
import {isRecord, sumTokens, userParticipant} from '@chatmark/core/model'
import {iso, requestTurns} from './request-turns.js'
import type {Session} from './session.js'
import {fileUriPath} from './uri.js'
import {wellFormed} from './well-formed.js'

/** The responder when the file names none (an export always does; VS Code's default participant is Copilot). */
const defaultResponder = 'GitHub Copilot'

/** Where a session was read from, and what its workspace says. */
export interface SessionSource {
  fallbackId: string
  path?: string
  /** The folder `workspace.json` names. */
  workspaceFolder?: string
  /** Fidelity counted while the file was read (the log's lines). */
  fidelity: Record<string, number>
}

/**
 * A session as one conversation: its requests in order (a request the user
 * undid from a checkpoint, `shouldBeRemovedOnSend`, and a request hidden from
 * the transcript are counted, not shown), the title VS Code shows
 * (`customTitle`, else the first line of the first prompt, which is the
 * note's own fallback), its dates, models, tokens and modes, and the workspace
 * folder as the project.
 */
export function toConversation(session: Session, source: SessionSource): Conversation {
  const fidelity = {...source.fidelity}
  const count = (reason: string, amount = 1): void => {
    if (amount > 0) fidelity[reason] = (fidelity[reason] ?? 0) + amount
  }
  const responder = session.responderUsername ?? defaultResponder
  const turns: Turn[] = []
  const modes: string[] = []
  let baseFolder: string | undefined
  let lastTime: number | undefined
  for (const request of session.requests) {
    if (!isRecord(request)) {
      count('malformed-request')
      continue
    }
    if (request['isHidden'] === true || isRecord(request['shouldBeRemovedOnSend'])) {
      count('undone-request')
      continue
    }
    if (request['hiddenFromTranscript'] === true) {
      count('hidden-request')
      continue
    }
    const built = requestTurns(request, 'copilot')
    turns.push(...built.turns)
    for (const [reason, amount] of Object.entries(built.fidelity)) count(reason, amount)
    if (built.mode && !modes.includes(built.mode)) modes.push(built.mode)
    baseFolder ??= built.baseFolder
    lastTime = built.completedAt ?? lastTime
  }
  if (turns.length === 0) {
    throw new Error(
      session.requests.length === 0
        ? 'the chat session holds no requests (a chat that was opened and never used)'
        : `none of the chat session’s ${session.requests.length} requests can be shown: ` +
            'each is malformed, undone or hidden from the transcript'
    )
  }

  const metadata: ConversationMetadata = {}
  const models = [...new Set(turns.flatMap((turn) => (turn.model ? [turn.model] : [])))]
  if (models.length > 0) metadata.models = models
  // The folder the session's workspace names; the sessions window's working folder; else the folder the answers'
  // markdown was written against (`baseUri`, the workspace root in the real export of 2025).
  const project =
    source.workspaceFolder ??
    (session.workingDirectory ? fileUriPath(session.workingDirectory) : undefined) ??
    baseFolder?.replace(/[/\\]+$/, '')
  if (project) metadata.project = project
  const tokens = sumTokens(turns.flatMap((turn) => (turn.tokens ? [turn.tokens] : [])))
  if (tokens) metadata.tokens = tokens
  const extra: Record<string, string | number> = {responder}
  // The version of the session file's format, not of VS Code or Copilot.
  if (session.version !== undefined) extra['fileVersion'] = session.version
  if (session.initialLocation) extra['location'] = session.initialLocation
  if (modes.length > 0) extra['mode'] = modes.join(', ')
  metadata.extra = extra

  const user: Participant = session.requesterUsername
    ? {id: 'user', name: session.requesterUsername, kind: 'human'}
    : userParticipant()
  const conversation: Conversation = {
    id: session.sessionId ?? source.fallbackId,
    source: {format: 'copilot-chat', variant: session.shape, ...(source.path ? {path: source.path} : {})},
    participants: [user, {id: 'copilot', name: responder, kind: 'model'}],
    metadata,
    turns,
    fidelity
  }
  if (session.title) conversation.title = session.title
  const createdAt = iso(session.creationDate) ?? turns[0]?.timestamp
  if (createdAt) conversation.createdAt = createdAt
  const updatedAt = iso(lastTime ?? session.lastMessageDate) ?? turns.at(-1)?.timestamp
  if (updatedAt) conversation.updatedAt = updatedAt
  return wellFormed(conversation)
}
