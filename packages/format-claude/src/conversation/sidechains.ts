import type {RecordStore} from '../record-store.js'
import type {SubagentTranscript} from '../subagent-transcripts.js'
import {pathItems} from './path-items.js'
import type {BuildState, Item, SubagentGroup} from './state.js'
import {count} from './state.js'

/**
 * Subagents by key: the sidechain records of the session file by subagent
 * (`agent:<agentId>`, else the uuid of the sidechain's root), then each
 * transcript of its own (`agent:<agentId>`), which takes the place of
 * sidechain lines of the same agent, since it holds all of them.
 */
export function subagentGroups(
  store: RecordStore,
  transcripts: readonly SubagentTranscript[]
): Map<string, SubagentGroup> {
  const groups = new Map<string, SubagentGroup>()
  const rootOf = new Map<string, string>()
  const sorted = [...store.entries.values()].filter((entry) => entry.sidechain).sort((a, b) => a.position - b.position)
  for (const entry of sorted) {
    let key: string
    if (entry.agentId !== undefined) key = `agent:${entry.agentId}`
    else {
      const parent = entry.parent === undefined ? undefined : store.entries.get(entry.parent)
      key = parent?.sidechain ? (rootOf.get(parent.uuid) ?? `root:${parent.uuid}`) : `root:${entry.uuid}`
    }
    rootOf.set(entry.uuid, key)
    const group = groups.get(key) ?? (entry.agentId === undefined ? {items: []} : {items: [], agentId: entry.agentId})
    group.items.push({record: entry.record, entry, sidechain: true})
    groups.set(key, group)
  }
  for (const transcript of transcripts) {
    if (!transcript.thread) continue
    const items: Item[] = [...pathItems(transcript.thread.path, transcript.store)]
    groups.set(`agent:${transcript.agentId}`, {items, agentId: transcript.agentId, transcript})
  }
  return groups
}

/**
 * Counts what the note leaves out of the sidechains: every sidechain message
 * without `subagents`, else the messages of the subagents no tool call claimed.
 */
export function countSidechains(state: BuildState): void {
  const {store} = state
  let records = 0
  for (const entry of store.entries.values())
    if (entry.sidechain && (entry.kind === 'user' || entry.kind === 'assistant')) records++
  for (const list of store.loose.values()) for (const item of list) if (item.sidechain) records++
  if (!state.settings.subagents) {
    if (records > 0) count(state, 'sidechain-record', records)
    return
  }
  for (const [key, group] of state.subagents) {
    if (state.usedGroups.has(key)) continue
    const messages = group.items.filter((item) => item.record['type'] === 'user' || item.record['type'] === 'assistant')
    if (messages.length > 0) count(state, 'unmatched-sidechain-record', messages.length)
  }
}
