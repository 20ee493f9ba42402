import {isRecord, isString, stringOf} from '@chatmark/core/model'
import type {Entry} from '../record-store.js'
import {messageContent} from './message-content.js'

/** Where a forked session's own history begins, and the session it was forked from. */
export interface ForkOrigin {
  /** The session the fork was made from: the last one its copied records name. */
  parent: string
  /** The index in the path of the fork's first own entry (the path's length when it has none yet). */
  start: number
}

/**
 * Finds the copy of another session's history at the start of a path: a
 * forked session's file begins with the parent's records, under their own
 * uuids, and each Claude Code version marks them differently (checked with
 * the real CLI against the producers' mock):
 * - `forkedFrom: {sessionId, messageUuid}` on every copied record (`/branch`, 2.1.200 and 2.1.332);
 * - `requestSessionId` on copied assistant records, the session whose request
 *   answered them, every `sessionId` made the fork's (`--fork-session`, 2.1.332);
 * - the parent's `sessionId` left on every copied record (`--fork-session`, 2.1.50),
 *   or only on copied prompts (2.0.77), the assistant records after them made the fork's.
 *
 * The copy ends after the last record naming another session than `own` and the
 * records that answer it (assistant records, tool results, attachments): the
 * fork's own history starts at the next prompt or system record. Files that
 * mark no copied record (1.0.128, 2.1.200 `--fork-session`) are no fork here.
 */
export function forkOrigin(path: readonly Entry[], own: string): ForkOrigin | undefined {
  let last = -1
  let parent: string | undefined
  for (let index = 0; index < path.length; index++) {
    const origin = originOf(path[index]!)
    if (origin !== undefined && origin !== own) {
      last = index
      parent = origin
    }
  }
  if (parent === undefined) return undefined
  let start = last + 1
  while (start < path.length && answersCopy(path[start]!)) start++
  return {parent, start}
}

/** The session a record came from, as its fork marks it. */
function originOf(entry: Entry): string | undefined {
  const {record} = entry
  const forkedFrom = record['forkedFrom']
  const copiedFrom = isRecord(forkedFrom) ? stringOf(forkedFrom['sessionId']) : undefined
  return nonEmpty(copiedFrom) ?? nonEmpty(stringOf(record['requestSessionId'])) ?? nonEmpty(entry.sessionId)
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === '' ? undefined : value
}

/** Whether an entry belongs to the exchange before it: anything but a user's prompt or a system record. */
function answersCopy(entry: Entry): boolean {
  if (entry.kind === 'system') return false
  if (entry.kind !== 'user') return true
  const {record} = entry
  if (record['isMeta'] === true || record['isCompactSummary'] === true) return true
  const content = messageContent(record)
  if (isString(content)) return !/\S/.test(content)
  if (!Array.isArray(content)) return true
  return !content.some((block) => isRecord(block) && block['type'] !== 'tool_result')
}
