import type {BranchPart, Turn} from '@chatmark/core/model'
import {isString, stringOf} from '@chatmark/core/model'
import type {Branch} from '../branch-tree.js'
import {numberBranches} from '@chatmark/core/model'
import {branchTurn, insertAt} from '../branch-tree.js'
import type {Entry} from '../record-store.js'
import {buildTurns} from './build-turns.js'
import {contentBlocks, messageContent} from './message-content.js'
import {addPulledIn} from './path-items.js'
import type {BuildState} from './state.js'
import {count} from './state.js'

/**
 * With `branches: 'all'`: each abandoned branch as a branch part, in a turn
 * of its own after its fork point in `list`, the branches forking off it
 * nested the same way.
 */
export function insertBranches(state: BuildState, list: Turn[]): void {
  insertForks(state, list, state.thread.path, state.thread.forks, new Set())
  numberBranches(list)
}

/**
 * Inserts the branches forking off `path` into `turns` (the turns of `path`),
 * each after the last turn at or before its fork point. `taken` holds the
 * uuids the branches around this one pull in (split records, tool results).
 */
function insertForks(
  state: BuildState,
  turns: Turn[],
  path: readonly Entry[],
  forks: Map<string, Array<Branch<Entry>>>,
  taken: ReadonlySet<string>
): void {
  const inserts: Array<{at: number; turn: Turn}> = []
  for (const entry of path) {
    for (const branch of forks.get(entry.uuid) ?? []) {
      const turn = branchTurnOf(state, branch, taken)
      if (turn) inserts.push({at: indexAfter(turns, entry), turn})
    }
  }
  insertAt(turns, inserts)
}

function branchTurnOf(state: BuildState, branch: Branch<Entry>, taken: ReadonlySet<string>): Turn | undefined {
  const items = branch.path.filter(
    (member) =>
      !state.consumed.has(member.uuid) &&
      !taken.has(member.uuid) &&
      (member.kind === 'user' || member.kind === 'assistant')
  )
  const turns =
    items.length === 0
      ? []
      : buildTurns(
          state,
          items.map((member) => ({record: member.record, entry: member, sidechain: false})),
          false
        )
  insertForks(state, turns, branch.path, branch.forks, pulledIn(state, items, taken))
  if (turns.length === 0) return undefined
  return branchTurn(turns, originOf(branch.path[0]))
}

/** `taken`, and what `entries` pull in: the split records of their API messages and their tool results. */
function pulledIn(state: BuildState, entries: readonly Entry[], taken: ReadonlySet<string>): Set<string> {
  const uuids = new Set(taken)
  for (const entry of entries) addPulledIn(state.store, entry, uuids)
  return uuids
}

/** A branch that starts with the user's words is an edited prompt; one with the model's, a regenerated answer. */
function originOf(first: Entry | undefined): BranchPart['origin'] {
  if (first?.kind === 'assistant') return 'regenerated-answer'
  if (first?.kind === 'user' && hasUserText(first.record)) return 'edited-prompt'
  return undefined
}

/** Counts the user and assistant messages off the path (each API message once). */
export function countAbandoned(state: BuildState): void {
  const seen = new Set<string>()
  for (const entry of state.thread.offPath) {
    if (entry.sidechain || state.consumed.has(entry.uuid) || (entry.kind !== 'user' && entry.kind !== 'assistant'))
      continue
    if (entry.kind === 'user' && !hasUserText(entry.record)) continue
    const key = entry.messageId ?? entry.uuid
    if (seen.has(key)) continue
    seen.add(key)
    count(state, 'abandoned-branch-turn')
  }
}

function indexAfter(list: Turn[], entry: Entry): number {
  const time = stringOf(entry.record['timestamp'])
  let at = 0
  for (const [index, turn] of list.entries()) {
    if (turn.timestamp !== undefined && time !== undefined && turn.timestamp > time) break
    at = index + 1
  }
  return at
}

function hasUserText(record: Record<string, unknown>): boolean {
  const content = messageContent(record)
  if (isString(content)) return /\S/.test(content)
  return contentBlocks(record).some((block) => block['type'] !== 'tool_result')
}
