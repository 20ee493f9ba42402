import {isRecord, timeOf} from './guards.js'

/** The times a plugin yielded that were not times, as {@link dropInvalidTimes} found them. */
export interface DroppedTimes {
  count: number
  /** The first one: its path in the conversation and its value, as a message shows them. */
  first?: {path: string; value: string}
}

/**
 * Removes from a value a plugin yielded the times that are not ISO-8601 times
 * (`createdAt`, `updatedAt`, every turn's `timestamp`, subagent turns
 * included). A garbled timestamp in a real file costs that time, not the
 * conversation: everything readable is kept. Runs before the conversation is
 * validated; anything that is not shaped like a conversation is left for the
 * validator to name.
 */
export function dropInvalidTimes(value: unknown): DroppedTimes {
  const dropped: DroppedTimes = {count: 0}
  if (!isRecord(value)) return dropped
  dropTime(value, 'createdAt', '', dropped)
  dropTime(value, 'updatedAt', '', dropped)
  dropTurnTimes(value['turns'], 'turns', dropped)
  return dropped
}

function dropTurnTimes(turns: unknown, path: string, dropped: DroppedTimes): void {
  if (!Array.isArray(turns)) return
  for (let index = 0; index < turns.length; index++) {
    const turn: unknown = turns[index]
    if (!isRecord(turn)) continue
    dropTime(turn, 'timestamp', `${path}[${index}].`, dropped)
    const parts = turn['parts']
    if (!Array.isArray(parts)) continue
    for (let at = 0; at < parts.length; at++) {
      const part: unknown = parts[at]
      if (isRecord(part) && part['subagent'] !== undefined) {
        dropTurnTimes(part['subagent'], `${path}[${index}].parts[${at}].subagent`, dropped)
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
