import {isRecord, timeOf} from './guards.js'

/** The times a plugin yielded that were not times, as {@link dropInvalidTimes} found them. */
export interface DroppedTimes {
  count: number
  /** The first one: its path in the conversation and its value, as a message shows them. */
  first?: {path: string; value: string}
}

/**
 * Removes from a value a plugin yielded the times that are not ISO-8601 times
 * (`createdAt`, `updatedAt`, every turn's `timestamp` and `edited.timestamp`,
 * subagent and branch turns included), and counts them in the conversation's
 * fidelity (`invalid-time`). A garbled timestamp in a real file costs that
 * time, not the conversation: everything readable is kept, and no heading
 * ever shows the raw text. Runs before the conversation is validated;
 * anything that is not shaped like a conversation is left for the validator
 * to name.
 */
export function dropInvalidTimes(value: unknown): DroppedTimes {
  const dropped: DroppedTimes = {count: 0}
  if (!isRecord(value)) return dropped
  dropTime(value, 'createdAt', '', dropped)
  dropTime(value, 'updatedAt', '', dropped)
  dropTurnTimes(value['turns'], 'turns', dropped)
  const fidelity = value['fidelity']
  if (dropped.count > 0 && isRecord(fidelity)) {
    const counted = fidelity['invalid-time']
    fidelity['invalid-time'] = (typeof counted === 'number' ? counted : 0) + dropped.count
  }
  return dropped
}

function dropTurnTimes(turns: unknown, path: string, dropped: DroppedTimes): void {
  if (!Array.isArray(turns)) return
  for (let index = 0; index < turns.length; index++) {
    const turn: unknown = turns[index]
    if (!isRecord(turn)) continue
    dropTime(turn, 'timestamp', `${path}[${index}].`, dropped)
    const edited = turn['edited']
    if (isRecord(edited)) dropTime(edited, 'timestamp', `${path}[${index}].edited.`, dropped)
    const parts = turn['parts']
    if (!Array.isArray(parts)) continue
    for (let at = 0; at < parts.length; at++) {
      const part: unknown = parts[at]
      if (isRecord(part) && part['subagent'] !== undefined) {
        dropTurnTimes(part['subagent'], `${path}[${index}].parts[${at}].subagent`, dropped)
      }
      if (isRecord(part) && part['type'] === 'branch') {
        dropTurnTimes(part['turns'], `${path}[${index}].parts[${at}].turns`, dropped)
      }
    }
  }
}

function dropTime(record: Record<string, unknown>, key: string, prefix: string, dropped: DroppedTimes): void {
  const value = record[key]
  if (value === undefined || timeOf(value) !== undefined) return
  dropped.count++
  dropped.first ??= {path: `${prefix}${key}`, value: JSON.stringify(value)?.slice(0, 40) ?? String(value)}
  delete record[key]
}
