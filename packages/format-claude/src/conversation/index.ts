import type {Conversation} from '@chatmark/core/model'
import type {Thread} from '../thread.js'
import {countAbandoned, insertBranches} from './abandoned-branches.js'
import {buildConversation} from './build-conversation.js'
import {buildTurns} from './build-turns.js'
import {markConsumed, pathItems} from './path-items.js'
import {countSidechains} from './sidechains.js'
import type {ConversationContext} from './state.js'
import {createState} from './state.js'

export type {ConversationContext, Settings} from './state.js'

/**
 * Builds one conversation from a thread. The steps share one {@link BuildState}:
 * the path's turns first (which nest subagents and total the tokens), then the
 * abandoned branches, then the counts of what the note leaves out.
 */
export function toConversation(thread: Thread, context: ConversationContext): Conversation {
  const state = createState(thread, context)
  // Entries the path pulls in besides its own: split records of its API messages and the tool results that answer them.
  markConsumed(state, thread.path)
  const turns = buildTurns(state, pathItems(thread.path, state.store), true)
  if (state.settings.branches === 'all') insertBranches(state, turns)
  countAbandoned(state)
  countSidechains(state)
  return buildConversation(state, turns, context)
}
