import type {Sample, Verdict} from '@chatmark/core/read'
import {isRecord} from '@chatmark/core/model'
import {readSqliteSchema, startsWithSqliteMagic} from '@chatmark/sqlite'
import {databaseName} from './database-name.js'
import {isKiloVersion, kiloDatabaseName, kiloTables} from './kilo.js'
import {requiredTables} from './required-tables.js'
import {storageFile} from './storage-layout.js'

/** `CREATE TABLE` of one of OpenCode's tables, as `sqlite_master` keeps it (drizzle quotes with backticks). */
const createTable = /CREATE TABLE [`"[]?(session|message|part)[`"\]]?\s*\(/g

/**
 * Detects OpenCode's SQLite database (by the `session`, `message` and `part`
 * tables of the schema it keeps on its first pages, or by its name
 * `opencode.db` / `opencode-<channel>.db`), the output of `opencode export`
 * and the storage folder of 1.1 and earlier (both layouts: 1.x
 * `session/<project>/ses_*.json` and `message/ses_*\/msg_*.json`, 0.x
 * `session/info/ses_*.json` and `session/message/ses_*\/msg_*.json`). Pure
 * and synchronous; uses only the sample.
 */
export function detect(sample: Sample): Verdict {
  if (sample.kind === 'folder') return detectFolder(sample.entries)
  // An export saved on one line samples as a JSONL file of one record, whose document is `json` too.
  if (sample.kind === 'json' || (sample.kind === 'jsonl' && sample.json !== undefined)) return detectExport(sample.json)
  if (!startsWithSqliteMagic(sample.bytes)) {
    return {confidence: 'none', reason: 'not a SQLite database, an opencode export or an OpenCode storage folder'}
  }
  return detectDatabase(sample)
}

function detectDatabase(sample: Sample): Verdict {
  const schema = readSqliteSchema(sample.bytes)
  const seen = new Set(schema?.tables ?? [])
  const ours = requiredTables.filter((table) => seen.has(table))
  // Kilo's database is OpenCode's with tables of its own; a file named as Kilo names it is Kilo's too.
  const kilo = kiloTables.some((table) => seen.has(table)) || kiloDatabaseName.test(sample.name)
  const variant = kilo ? 'kilo-db' : 'opencode-db'
  const whose = kilo
    ? `Kilo Code's kilo.db (OpenCode's schema, with ${kiloTables.join(' and ')})`
    : 'OpenCode opencode.db'
  if (ours.length === requiredTables.length) {
    return {
      confidence: 'certain',
      reason: `SQLite database whose schema (sqlite_master) has OpenCode's tables session, message and part (${whose})`,
      variant
    }
  }
  // A schema page SQLite could not place in a b-tree (a damaged or cut file) may still show the statements.
  const written = new Set<string>()
  for (const match of sample.text.matchAll(createTable)) if (match[1]) written.add(match[1])
  if (written.size === requiredTables.length) {
    return {
      confidence: 'certain',
      reason: `SQLite database with CREATE TABLE session, message and part in its head (${whose})`,
      variant
    }
  }
  // OpenCode and Kilo name the file after the release channel (`storage/db.ts`); the tables may lie beyond the
  // sample, or still be in the `-wal` file beside it.
  if (databaseName.test(sample.name) || kiloDatabaseName.test(sample.name)) {
    return {
      confidence: 'certain',
      reason: kilo
        ? 'SQLite database named kilo.db or kilo-<channel>.db (the file Kilo Code 7 keeps sessions in)'
        : 'SQLite database named opencode.db or opencode-<channel>.db (the file OpenCode 1.2+ keeps sessions in)',
      variant
    }
  }
  const tables = schema?.tables ?? []
  if (schema?.complete && tables.length > 0 && ours.length === 0) {
    return {
      confidence: 'none',
      reason:
        `a SQLite database whose tables (${list(tables)}) are not OpenCode's session, message and part ` +
        '(--format opencode to read it anyway)'
    }
  }
  const visible = tables.length > 0 ? `, tables seen: ${list(tables)}` : ''
  return {
    confidence: 'possible',
    reason:
      `a SQLite database whose schema is not all in the sample (an opencode.db under another name?${visible}); ` +
      'reading it checks for the session, message and part tables',
    variant
  }
}

/**
 * `opencode export [sessionID]` (`cli/cmd/export.ts`): one session as
 * `{info: Session.Info, messages: [{info: MessageV2.Info, parts: MessageV2.Part[]}]}`.
 */
function detectExport(json: unknown): Verdict {
  const none: Verdict = {
    confidence: 'none',
    reason: 'JSON that is not an opencode export ({info: {id: "ses_..."}, messages})'
  }
  if (!isRecord(json) || !isRecord(json['info']) || !Array.isArray(json['messages'])) return none
  const id = json['info']['id']
  if (typeof id !== 'string' || !id.startsWith('ses_')) return none
  const messages = json['messages']
  const first: unknown = messages[0]
  const version = json['info']['version']
  const kilo = isKiloVersion(typeof version === 'string' ? version : undefined)
  const variant = kilo ? 'kilo-export' : 'opencode-export'
  const command = kilo ? `kilo export (version ${version})` : 'opencode export'
  if (messages.length === 0) {
    return {confidence: 'likely', reason: `${command} of session ${id} with no messages`, variant}
  }
  if (isRecord(first) && isRecord(first['info']) && Array.isArray(first['parts'])) {
    return {confidence: 'certain', reason: `${command}: info.id "ses_..." and messages[] of {info, parts}`, variant}
  }
  return none
}

function detectFolder(entries: readonly string[]): Verdict {
  let sessions = 0
  let messages = 0
  let parts = 0
  let legacy = 0
  for (const path of entries) {
    const file = storageFile(path)
    if (!file) continue
    if (file.legacy) legacy++
    if (file.kind === 'session') sessions++
    else if (file.kind === 'message') messages++
    else parts++
  }
  const layout =
    legacy === 0
      ? {sessions: 'session/<project>/ses_*.json', messages: 'message/ses_*/msg_*.json'}
      : {sessions: 'session/info/ses_*.json', messages: 'session/message/ses_*/msg_*.json'}
  const era = legacy === 0 ? '' : ', the layout before 1.0'
  if (sessions > 0 && messages > 0) {
    return {
      confidence: 'certain',
      reason:
        `${sessions} ${layout.sessions} and ${messages} ${layout.messages} file(s) ` +
        `(OpenCode storage folder${era}${parts > 0 ? `, ${parts} part file(s)` : ''})`,
      variant: 'opencode-storage'
    }
  }
  if (sessions > 0) {
    return {
      confidence: 'likely',
      reason: `${sessions} ${layout.sessions} file(s) without messages (OpenCode storage folder${era})`,
      variant: 'opencode-storage'
    }
  }
  if (messages > 0) {
    return {
      confidence: 'possible',
      reason: `${messages} ${layout.messages} file(s) without session files`,
      variant: 'opencode-storage'
    }
  }
  return {confidence: 'none', reason: 'a folder without OpenCode session/ses_*.json or message/ses_*/msg_*.json files'}
}

function list(tables: readonly string[]): string {
  return tables.length > 8 ? `${tables.slice(0, 8).join(', ')}, ...` : tables.join(', ')
}
