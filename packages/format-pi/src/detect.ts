import {isRecord} from '@chatmark/core/model'
import type {Sample, Verdict} from '@chatmark/core/read'
import {readSqliteSchema, startsWithSqliteMagic} from '@chatmark/sqlite'
import {entryTypes} from './types.js'

/** Entry types only Pi writes (a `message` entry alone is too common a shape to be a fingerprint). */
const piOnlyTypes = new Set<string>(entryTypes.filter((type) => type !== 'message' && type !== 'custom'))
/** Message roles only pi-ai and Pi write. */
const piOnlyRoles = new Set(['toolResult', 'bashExecution', 'hookMessage', 'branchSummary', 'compactionSummary'])
/** OpenClaw's database, by the name it gives it (`agents/<agent>/agent/openclaw-agent.sqlite`). */
const databaseName = /(?:^|[\\/])openclaw-agent\.sqlite$/

/**
 * Detects a Pi session file (`~/.pi/agent/sessions/--<cwd>--/<time>_<uuid>.jsonl`: a `{type: "session"}`
 * header, then entries of Pi's own types), an OpenClaw transcript of the same entries (variant `openclaw`, by
 * OpenClaw's own entries and fields), and OpenClaw's agent database (its `session_windows` and
 * `transcript_events` tables, or its name `openclaw-agent.sqlite`). Pure and synchronous; uses only the sample.
 */
export function detect(sample: Sample): Verdict {
  if (startsWithSqliteMagic(sample.bytes)) return detectDatabase(sample)
  if (sample.kind !== 'jsonl' && sample.kind !== 'json') {
    return {confidence: 'none', reason: 'not JSONL, not a Pi session file nor an OpenClaw database'}
  }
  const values = sample.records.map((record) => record.value).filter(isRecord)
  if (values.length === 0 && isRecord(sample.json)) values.push(sample.json)
  const tell = piTell(values)
  if (!tell) {
    return {
      confidence: 'none',
      reason: 'no Pi session header ({type: "session", id, cwd}) and no entries of Pi\'s own types or message roles'
    }
  }
  const openclaw = isOpenClawLines(values) || /[\\/]\.(?:openclaw|clawdbot)[\\/]/.test(sample.name)
  return {
    confidence: 'certain',
    reason: `${openclaw ? "OpenClaw transcript (Pi's entries with OpenClaw's own fields)" : 'Pi session'}: ${tell}`,
    variant: openclaw ? 'openclaw' : 'pi'
  }
}

/** The first Pi fingerprint in the sample's lines, named for the verdict's reason. */
function piTell(values: ReadonlyArray<Record<string, unknown>>): string | undefined {
  const first = values[0]
  if (
    first?.['type'] === 'session' &&
    typeof first['id'] === 'string' &&
    typeof first['cwd'] === 'string' &&
    typeof first['timestamp'] === 'string'
  ) {
    return 'a first line {type: "session", id, timestamp, cwd}'
  }
  for (const value of values) {
    const type = value['type']
    if (typeof type === 'string' && piOnlyTypes.has(type)) return `an entry of Pi's type ${type}`
    const message = value['message']
    if (type === 'message' && isRecord(message) && typeof message['role'] === 'string') {
      if (piOnlyRoles.has(message['role'])) return `a message of pi-ai's role ${message['role']}`
    }
  }
  return undefined
}

/** Whether entries carry what only OpenClaw writes into Pi's entries. */
export function isOpenClawLines(values: ReadonlyArray<Record<string, unknown>>): boolean {
  return values.some((value) => {
    const custom = value['customType']
    if (typeof custom === 'string' && (custom.startsWith('openclaw') || custom === 'model-snapshot')) return true
    const message = value['message']
    return isRecord(message) && ('__openclaw' in message || 'openclawDelivery' in message)
  })
}

function detectDatabase(sample: Sample): Verdict {
  const variant = 'openclaw'
  const schema = readSqliteSchema(sample.bytes)
  const tables = new Set(schema?.tables ?? [])
  if (tables.has('session_windows') && tables.has('transcript_events')) {
    return {
      confidence: 'certain',
      reason: "SQLite database whose schema has OpenClaw's session_windows and transcript_events tables",
      variant
    }
  }
  if (databaseName.test(sample.name)) {
    return {confidence: 'certain', reason: 'SQLite database named openclaw-agent.sqlite (OpenClaw 2026.9+)', variant}
  }
  if (schema?.complete || /CREATE TABLE [`"[]?session_windows/.test(sample.text) === false) {
    return {confidence: 'none', reason: "a SQLite database without OpenClaw's session_windows and transcript_events"}
  }
  return {confidence: 'possible', reason: 'a SQLite database that mentions session_windows in its head', variant}
}
