import type {Turn} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import type {ResultInfo} from '../record-store.js'
import {agentIdOfResult, namedAgents} from '../subagent-transcripts.js'
import {blocksText} from '../tool-result.js'
// A module cycle, on purpose: a subagent's turns are built as the thread's are,
// while the thread's tool call that started it is being read.
import {buildTurns} from './build-turns.js'
import {messageContent} from './message-content.js'
import {markConsumed} from './path-items.js'
import type {BuildState, SubagentGroup} from './state.js'

/**
 * The turns of the subagent a Task / Agent tool call started, each subagent
 * nested once, found as Claude Code links them: the agent its result names
 * (`toolUseResult.agentId`, or the `agentId:` line of the result's text),
 * else the subagent whose records or `.meta.json` name the call's id, else
 * the first subagent left whose first user message is the call's prompt (one
 * that another call names, or whose `.meta.json` names another call, is not
 * taken). A subagent's own calls nest the subagents they started.
 */
export function subagentTurns(
  state: BuildState,
  id: string,
  input: unknown,
  result: ResultInfo | undefined
): Turn[] | undefined {
  const key = subagentKey(state, id, input, result)
  const group = key === undefined ? undefined : state.subagents.get(key)
  if (key === undefined || !group) return undefined
  state.usedGroups.add(key)
  return group.transcript ? transcriptTurns(state, group) : buildTurns(state, group.items, false)
}

function subagentKey(
  state: BuildState,
  id: string,
  input: unknown,
  result: ResultInfo | undefined
): string | undefined {
  const {subagents, usedGroups} = state
  const agentId = agentIdOfResult(result)
  if (agentId !== undefined && subagents.has(`agent:${agentId}`)) {
    const key = `agent:${agentId}`
    return usedGroups.has(key) ? undefined : key
  }
  for (const [key, group] of subagents) {
    if (usedGroups.has(key)) continue
    if (group.transcript?.toolUseId === id) return key
    const byTool = group.items.some((item) =>
      [item.record['sourceToolUseID'], item.record['parentToolUseID'], item.record['toolUseID']].includes(id)
    )
    if (byTool) return key
  }
  const prompt = isRecord(input) ? stringOf(input['prompt'])?.trim() : undefined
  if (prompt === undefined) return undefined
  for (const [key, group] of subagents) {
    if (usedGroups.has(key) || group.transcript?.toolUseId !== undefined) continue
    if (group.agentId !== undefined && named(state).has(group.agentId)) continue
    const firstUser = group.items.find((item) => item.record['type'] === 'user')
    if (firstUser && blocksText(messageContent(firstUser.record)).trim() === prompt) return key
  }
  return undefined
}

/** The agent ids that the tool results of the session and of every subagent transcript name. */
function named(state: BuildState): Set<string> {
  if (state.namedAgents.ids) return state.namedAgents.ids
  const ids = namedAgents(state.namedAgents.session.results.values())
  for (const group of state.subagents.values())
    if (group.transcript) for (const agentId of namedAgents(group.transcript.store.results.values())) ids.add(agentId)
  state.namedAgents.ids = ids
  return ids
}

/**
 * A transcript's turns, built with a state of its own (its records, tool
 * results and split messages are its file's), sharing the conversation's
 * subagents and counts.
 */
function transcriptTurns(state: BuildState, group: SubagentGroup): Turn[] {
  const {store, thread} = group.transcript!
  if (!thread) return []
  const child: BuildState = {
    ...state,
    thread,
    store,
    consumed: new Set(),
    usedMessages: {main: new Set(), sidechain: new Set()},
    models: [],
    totals: {},
    cacheCreation: undefined,
    toolUses: undefined
  }
  markConsumed(child, thread.path)
  return buildTurns(child, group.items, false)
}
