import type {Turn} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import {blocksText} from '../tool-result.js'
// A module cycle, on purpose: a subagent's turns are built as the thread's are,
// while the thread's tool call that started it is being read.
import {buildTurns} from './build-turns.js'
import {messageContent} from './message-content.js'
import type {BuildState} from './state.js'

/**
 * The turns of the subagent a Task / Agent tool call started, each subagent
 * nested once: found by the `agentId` of the call's `toolUseResult`, else the
 * first unclaimed group whose records name the call's id or whose first user
 * message is the call's prompt.
 */
export function subagentTurns(state: BuildState, id: string, input: unknown, rich: unknown): Turn[] | undefined {
  const {subagents, usedGroups} = state
  const agentId = isRecord(rich) ? stringOf(rich['agentId']) : undefined
  const prompt = isRecord(input) ? stringOf(input['prompt']) : undefined
  let key: string | undefined
  if (agentId !== undefined && subagents.has(`agent:${agentId}`)) key = `agent:${agentId}`
  if (key === undefined) {
    for (const [candidate, items] of subagents) {
      if (usedGroups.has(candidate)) continue
      const byTool = items.some((item) =>
        [item.record['sourceToolUseID'], item.record['parentToolUseID'], item.record['toolUseID']].includes(id)
      )
      const firstUser = items.find((item) => item.record['type'] === 'user')
      const byPrompt =
        prompt !== undefined &&
        firstUser !== undefined &&
        blocksText(messageContent(firstUser.record)).trim() === prompt.trim()
      if (byTool || byPrompt) {
        key = candidate
        break
      }
    }
  }
  if (key === undefined || usedGroups.has(key)) return undefined
  usedGroups.add(key)
  return buildTurns(state, subagents.get(key) ?? [], false)
}
