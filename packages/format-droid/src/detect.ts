import {isRecord, isString} from '@chatmark/core/model'
import type {Sample, Verdict} from '@chatmark/core/read'

/**
 * Detects a Factory Droid session (`~/.factory/sessions/<cwd>/<id>.jsonl`):
 * JSONL whose first record is `{"type":"session_start", id, ...}` (Droid
 * refuses a file without one: "Invalid session file: missing session_start
 * event", droid 0.215.0). Pi's sessions also hold `type: "message"` records
 * with `id`/`parentId`, so `message` records alone are not a fingerprint;
 * `agent_turn_outcome`, `todo_state` and `compaction_state` records without
 * the header (a file cut at its head) are only `likely`.
 */
export function detect(sample: Sample): Verdict {
  if (sample.kind !== 'jsonl' && sample.kind !== 'json')
    return {confidence: 'none', reason: `${sample.kind} input, not a Factory Droid session (JSONL)`}
  const values = sample.records.length > 0 ? sample.records.map((record) => record.value) : [sample.json]
  const records = values.filter(isRecord)
  const start = records.find((record) => record['type'] === 'session_start')
  if (start && isString(start['id'])) {
    const shape = isString(start['cwd']) ? 'id and cwd' : 'id'
    return {confidence: 'certain', reason: `a Factory Droid session_start record with ${shape}`}
  }
  const droidOnly = records.find((record) => droidRecordTypes.includes(record['type'] as string))
  if (droidOnly && records.some((record) => record['type'] === 'message' && isRecord(record['message'])))
    return {
      confidence: 'likely',
      reason: `Factory Droid ${String(droidOnly['type'])} and message records, but no session_start`
    }
  return {confidence: 'none', reason: 'no Factory Droid session_start record'}
}

const droidRecordTypes = ['agent_turn_outcome', 'todo_state', 'compaction_state']
