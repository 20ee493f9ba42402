import type {Turn} from '@chatmark/core'
import {isString, stringOf} from '@chatmark/core'
import type {Entry} from '../record-store.js'
import {buildTurns} from './build-turns.js'
import {contentBlocks, messageContent} from './message-content.js'
import type {BuildState} from './state.js'
import {count} from './state.js'
import {noticeTurn} from './turn.js'

/** With `branches: 'all'`: each abandoned branch, between two notices, after its fork point in `list`. */
export function insertBranches(state: BuildState, list: Turn[]): void {
  const {thread, consumed} = state
  // A branch goes after the last turn at or before its fork point.
  const inserts: Array<{at: number; turns: Turn[]}> = []
  let number = 0
  for (const entry of thread.path) {
    for (const branch of thread.forks.get(entry.uuid) ?? []) {
      const items = branch.filter(
        (member) => !consumed.has(member.uuid) && (member.kind === 'user' || member.kind === 'assistant')
      )
      if (items.length === 0) continue
      const turns = buildTurns(
        state,
        items.map((member) => ({record: member.record, entry: member, sidechain: false})),
        false
      )
      if (turns.length === 0) continue
      number++
      const at = indexAfter(list, entry)
      inserts.push({
        at,
        turns: [
          noticeTurn(
            {
              type: 'notice',
              level: 'info',
              kind: 'branch',
              text:
                `Abandoned branch ${number} (rewound or edited; not part of the conversation as kept): ` +
                `${turns.length} turn${turns.length === 1 ? '' : 's'}`
            },
            entry.record
          ),
          ...turns,
          noticeTurn(
            {
              type: 'notice',
              level: 'info',
              kind: 'branch',
              text: `End of abandoned branch ${number}; the kept conversation continues`
            },
            entry.record
          )
        ]
      })
    }
  }
  for (const insert of inserts.sort((a, b) => b.at - a.at)) list.splice(insert.at, 0, ...insert.turns)
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
