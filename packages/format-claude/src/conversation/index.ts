import type {Conversation, Turn} from '@chatmark/core/model'
import {forkNotice} from '@chatmark/core/model'
import type {Entry} from '../record-store.js'
import type {Thread} from '../thread.js'
import {countAbandoned, insertBranches} from './abandoned-branches.js'
import {buildConversation} from './build-conversation.js'
import {buildTurns} from './build-turns.js'
import {forkOrigin} from './fork-origin.js'
import {markConsumed, pathItems} from './path-items.js'
import {countSidechains} from './sidechains.js'
import type {BuildState, ConversationContext} from './state.js'
import {count, createState} from './state.js'
import {noticeTurn} from './turn.js'

export type {ConversationContext, Settings} from './state.js'

/**
 * Builds one conversation from a thread. The steps share one {@link BuildState}:
 * the path's turns first (which nest subagents and total the tokens), then the
 * abandoned branches, then the counts of what the note leaves out.
 *
 * A forked session's file starts with a copy of its parent's history
 * ({@link forkOrigin}). The note is about the fork's own turns: the copy is
 * left out (the parent's note holds it) and counted, one notice says where the
 * fork begins, and the models, tokens and times are the fork's own. A fork
 * with no turn of its own yet keeps the copy, the notice after it.
 */
export function toConversation(thread: Thread, context: ConversationContext): Conversation {
  const fork = forkOrigin(thread.path, sessionOf(thread.path) ?? context.fallbackId)
  const split = fork !== undefined && fork.start < thread.path.length ? fork.start : 0
  const own = thread.path.slice(split)
  const state = createState(split > 0 ? {...thread, path: own} : thread, context)
  // Entries the path pulls in besides its own: split records of its API messages and the tool results that answer them.
  markConsumed(state, thread.path)
  const copied = split > 0 ? leaveOutCopy(state, thread.path.slice(0, split)) : 0
  const turns = buildTurns(state, pathItems(own, context.store, split > 0), true)
  if (state.settings.branches === 'all') insertBranches(state, turns)
  countAbandoned(state)
  countSidechains(state)
  if (fork) {
    const notice = forkNotice(fork.parent, copied)
    if (split > 0) turns.unshift(noticeTurn(notice, own[0]!.record))
    else turns.push({role: 'system', parts: [{...notice, onlyCopied: true}]})
  }
  return buildConversation(state, turns, context, fork?.parent)
}

/**
 * Reads the copied history as the note would show it and forgets its turns,
 * models, tokens and counts; what it matched stays matched (its split records,
 * tool results and subagents), so none of it turns up later as unmatched.
 * Returns how many turns a user or the model said in it.
 */
function leaveOutCopy(state: BuildState, copy: readonly Entry[]): number {
  const turns: Turn[] = buildTurns(state, pathItems(copy, state.store), true)
  state.models = []
  state.totals = {}
  state.cacheCreation = undefined
  state.fidelity = {}
  const said = turns.filter((turn) => turn.role === 'user' || turn.role === 'assistant').length
  if (said > 0) count(state, 'parent-history-turn', said)
  return said
}

/** The session of the path's last entry that names one: the file's own. */
function sessionOf(path: readonly Entry[]): string | undefined {
  for (let index = path.length - 1; index >= 0; index--) {
    const id = path[index]!.sessionId
    if (id !== undefined && id !== '') return id
  }
  return undefined
}
