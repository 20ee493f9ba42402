import type {Conversation, ConversationMetadata} from '@chatmark/core/model'
import {modelParticipant, stringOf, timeOf, userParticipant} from '@chatmark/core/model'
import type {BuiltTurns} from './build-turns.js'
import {modelId} from './build-turns.js'
import type {Thread} from './thread.js'

/** Where the conversation came from, for its id and source. */
export interface ConversationSource {
  fallbackId: string
  path?: string
}

/**
 * The conversation of a thread: the session id of its last record (a fork's
 * own id, not the one it was copied from), its working directory as the
 * project, the models and summed token counts, the CLI version, and the
 * session a fork was made from as its parent.
 */
export function toConversation(thread: Thread, built: BuiltTurns, source: ConversationSource): Conversation {
  // A fork's note begins where its own records do.
  const first = (built.ownStart ?? thread.path[0])?.record
  const last = thread.path.at(-1)?.record
  const metadata: ConversationMetadata = {}
  if (built.models.length > 0) metadata.models = built.models
  const project = stringOf(last?.['cwd'])
  if (project) metadata.project = project
  const gitBranch = stringOf(last?.['gitBranch'])
  if (gitBranch) metadata.gitBranch = gitBranch
  if (built.forkedFrom) metadata.parent = {id: built.forkedFrom, relation: 'fork'}
  if (Object.keys(built.tokens).length > 0) metadata.tokens = built.tokens
  const extra: Record<string, string> = {}
  const version = stringOf(last?.['version'])
  if (version) extra['cliVersion'] = version
  if (Object.keys(extra).length > 0) metadata.extra = extra

  const conversation: Conversation = {
    id: stringOf(last?.['sessionId']) ?? source.fallbackId,
    source: {format: 'qwen', ...(source.path ? {path: source.path} : {})},
    participants: [userParticipant(), modelParticipant(modelId, 'Qwen Code')],
    metadata,
    turns: built.turns,
    fidelity: built.fidelity
  }
  if (built.title) conversation.title = built.title
  const createdAt = timeOf(first?.['timestamp'])
  if (createdAt) conversation.createdAt = createdAt
  const updatedAt = timeOf(last?.['timestamp'])
  if (updatedAt) conversation.updatedAt = updatedAt
  return conversation
}
