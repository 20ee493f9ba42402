import {isNumber, isRecord, stringOf} from '@chatmark/core/model'

/** Which of VS Code's chat files a session came from (the detector's variants). */
export type SessionShape = 'vscode-chat-session' | 'vscode-chat-session-log' | 'vscode-chat-export'

/**
 * A chat as VS Code's `normalizeSerializableChatData` leaves it
 * (microsoft/vscode `src/vs/workbench/contrib/chat/common/model/chatModel.ts`):
 * a v1 object (no `version`) or a v2 one (`computedTitle`) read as v3
 * (`customTitle`), and an "Export Chat..." file (`IExportableChatData`:
 * `requests`, `responderUsername`, `initialLocation`, no `sessionId`).
 */
export interface Session {
  shape: SessionShape
  /** `version` as stored: absent for v1 and exports. */
  version?: number
  sessionId?: string
  /** Milliseconds. */
  creationDate?: number
  /** Milliseconds; v2 and later v3 files. */
  lastMessageDate?: number
  /** `customTitle`, or a v2 file's `computedTitle`. */
  title?: string
  requesterUsername?: string
  responderUsername?: string
  initialLocation?: string
  /** The sessions window's working folder (`workingDirectory`, a URI string). */
  workingDirectory?: string
  requests: unknown[]
}

/** Whether a value is a chat of any version or an export: `isExportableSessionData` asks for no more. */
export function isChatData(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && Array.isArray(value['requests'])
}

/** The chat normalized as VS Code loads it; `requests` is kept as stored, each narrowed when read. */
export function toSession(data: Record<string, unknown>, shape: SessionShape): Session {
  const requests = Array.isArray(data['requests']) ? data['requests'] : []
  const session: Session = {shape, requests}
  const version = data['version']
  if (isNumber(version)) session.version = version
  const sessionId = stringOf(data['sessionId'])
  if (sessionId) session.sessionId = sessionId
  const creationDate = data['creationDate']
  if (isNumber(creationDate) && creationDate > 0) session.creationDate = creationDate
  const lastMessageDate = data['lastMessageDate']
  if (isNumber(lastMessageDate) && lastMessageDate > 0) session.lastMessageDate = lastMessageDate
  // v2's `computedTitle` becomes v3's `customTitle` (`normalizeSerializableChatData`).
  const title = stringOf(data['customTitle']) ?? (version === 2 ? stringOf(data['computedTitle']) : undefined)
  if (title?.trim()) session.title = title
  const requester = stringOf(data['requesterUsername'])
  if (requester) session.requesterUsername = requester
  const responder = stringOf(data['responderUsername'])
  if (responder) session.responderUsername = responder
  const location = stringOf(data['initialLocation'])
  // Very old files say `editing-session`, which VS Code reads as the chat panel (`normalizeOldFields`).
  if (location) session.initialLocation = location === 'editing-session' ? 'panel' : location
  const workingDirectory = stringOf(data['workingDirectory'])
  if (workingDirectory) session.workingDirectory = workingDirectory
  return session
}
