import type {Turn} from '@chatmark/core/model'
import {numberBranches} from '@chatmark/core/model'
import type {SessionTotals} from './build-turns.js'
import {BranchTurns} from './build-turns.js'
import type {Branch} from './entry-tree.js'

/**
 * The turns of a branch, with each branch forking off it as a branch part in
 * a turn of its own right after the turn of the entry it forks from, nested
 * the same way, numbered in the order the note shows them.
 */
export function sessionTurns(current: Branch, totals: SessionTotals): {turns: Turn[]; endOf: Map<string, number>} {
  const built = branchTurns(current, totals, true)
  numberBranches(built.turns)
  return built
}

function branchTurns(
  branch: Branch,
  totals: SessionTotals,
  current: boolean
): {turns: Turn[]; endOf: Map<string, number>} {
  const builder = new BranchTurns(totals, current)
  for (const entry of branch.path) builder.add(entry)
  const inserts: Array<{at: number; turn: Turn}> = []
  for (const entry of branch.path) {
    for (const fork of branch.forks.get(entry.id) ?? []) {
      const {turns} = branchTurns(fork, totals, false)
      if (turns.length === 0) continue
      inserts.push({
        at: builder.endOf.get(entry.id) ?? 0,
        turn: {role: 'system', parts: [{type: 'branch', number: 0, turns}]}
      })
    }
  }
  const turns = builder.turns
  // From the last insert back, so each index is still the one it was computed for.
  for (const insert of inserts.reverse()) turns.splice(insert.at, 0, insert.turn)
  return {turns, endOf: builder.endOf}
}
