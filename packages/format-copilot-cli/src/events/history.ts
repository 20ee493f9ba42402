import type {Turn} from '@chatmark/core/model'
import {stringOf} from '@chatmark/core/model'
import type {CopilotEvent} from '../types.js'
import type {SessionState} from './state.js'
import {count} from './state.js'
import {notice, timelineOf} from './timeline.js'

/**
 * `session.snapshot_rewind` (`/rewind`, double Esc): the prompt `upToEventId` and everything after it were undone.
 * 1.0.102 truncates `events.jsonl` itself, writes `session.info` `infoType: rewind` (a notice) and not this
 * ephemeral event, so a file rarely holds one; when it does, the turns it undid leave the note and are counted
 * (`rewound-turn`), or stay as a branch with `--branches all`.
 */
export function snapshotRewind(state: SessionState, event: CopilotEvent): void {
  const target = stringOf(event.data['upToEventId'])
  const index = target === undefined ? undefined : state.promptTurns.get(target)
  const {main} = state
  if (index === undefined || index > main.turns.length) {
    state.lostRewinds++
    return
  }
  const undone = main.turns.splice(index)
  main.open = undefined
  for (const [id, at] of state.promptTurns) if (at >= index) state.promptTurns.delete(id)
  count(state, 'rewound-turn', undone.filter(isSaid).length)
  if (state.settings.branches === 'all' && undone.length > 0)
    main.turns.push({role: 'system', parts: [{type: 'branch', number: 0, turns: undone}]})
}

/** A prompt or an answer: what a count of turns counts. */
export function isSaid(turn: Turn): boolean {
  return turn.role === 'user' || turn.role === 'assistant'
}

/** `Forked from "<name>" (<sessionId>) as "<name>"`: the `session.info` a fork (`/fork`) writes after the copy. */
const forkedFrom = /^Forked from .*?\(([0-9A-Fa-f]{8}-[0-9A-Fa-f-]{27})\)/

/**
 * `session.info`: a message the CLI showed; the one `/fork` writes in the new session (`infoType` `fork`) ends the
 * parent's history the fork's file begins with (its events copied, ids and all): those turns are the parent's note's,
 * counted here (`parent-history-turn`), and a fork notice takes their place.
 */
export function sessionInfo(state: SessionState, event: CopilotEvent, shown: () => void): void {
  const message = stringOf(event.data['message']) ?? ''
  const parent = event.data['infoType'] === 'fork' ? forkedFrom.exec(message)?.[1] : undefined
  if (!parent || event.agentId !== undefined || state.fork) {
    shown()
    return
  }
  const copied = state.main.turns.filter(isSaid).length
  count(state, 'parent-history-turn', copied)
  state.fork = {parent, copiedTurns: copied}
  state.main = {turns: []}
  state.promptTurns.clear()
  state.tokens = {}
  state.usageRecords = 0
  state.shutdowns = []
  state.pendingUsage = undefined
  notice(timelineOf(state, event), event, {
    type: 'notice',
    level: 'info',
    kind: 'fork',
    parent,
    ...(copied > 0 ? {copiedTurns: copied} : {})
  })
}
