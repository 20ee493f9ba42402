import type {RecordStore} from '../record-store.js'
import type {BuildState, Item} from './state.js'
import {count} from './state.js'

/** Sidechain records by subagent: `agent:<agentId>`, else the uuid of the sidechain's root. */
export function sidechainGroups(store: RecordStore): Map<string, Item[]> {
  const groups = new Map<string, Item[]>()
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
    const list = groups.get(key) ?? []
    list.push({record: entry.record, entry, sidechain: true})
    groups.set(key, list)
  }
  return groups
}

/**
 * Counts what the note leaves out of the sidechains: every sidechain message
 * without `subagents`, else the records of the subagents no tool call claimed.
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
  for (const [key, items] of state.subagents)
    if (!state.usedGroups.has(key)) count(state, 'unmatched-sidechain-record', items.length)
}
