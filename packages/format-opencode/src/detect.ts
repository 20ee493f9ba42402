import type {Sample, Verdict} from '@chatmark/core/read'
import {sqliteMagic} from './apply-wal.js'
import {messageFile, partFile, sessionFile} from './storage-layout.js'

/** `CREATE TABLE` of one of OpenCode's tables, as `sqlite_master` keeps it (drizzle quotes with backticks). */
const createTable = /CREATE TABLE [`"[]?(session|message|part)[`"\]]?\s*\(/g

/**
 * Detects OpenCode's SQLite database (the `SQLite format 3` header, and the
 * `session`, `message` and `part` tables in the schema at its head or the
 * name `opencode.db`) and the
 * storage folder of 1.1 and earlier (`session/<project>/ses_*.json` and
 * `message/ses_*\/msg_*.json`). Pure and synchronous; uses only the sample.
 */
export function detect(sample: Sample): Verdict {
  if (sample.kind === 'folder') return detectFolder(sample.entries)
  if (!startsWithMagic(sample.bytes)) {
    return {confidence: 'none', reason: 'not a SQLite database or an OpenCode storage folder'}
  }
  const tables = new Set<string>()
  for (const match of sample.text.matchAll(createTable)) if (match[1]) tables.add(match[1])
  if (tables.size === 3) {
    return {
      confidence: 'certain',
      reason: 'SQLite database with tables session, message and part (OpenCode opencode.db)',
      variant: 'opencode-db'
    }
  }
  // SQLite keeps its schema where pages fell free: in a large database the tables may lie beyond the sample.
  if (/(?:^|[\\/])opencode\.db$/.test(sample.name)) {
    return {
      confidence: 'certain',
      reason: 'SQLite database named opencode.db (the file OpenCode 1.2+ keeps its sessions in)',
      variant: 'opencode-db'
    }
  }
  if (tables.size > 0 && !sample.complete) {
    return {
      confidence: 'possible',
      reason: `SQLite database whose head names the table(s) ${[...tables].join(', ')} of OpenCode's schema`,
      variant: 'opencode-db'
    }
  }
  return {
    confidence: 'none',
    reason:
      'a SQLite database whose head shows no session, message and part tables of OpenCode ' +
      '(an opencode.db under another name: --format opencode)'
  }
}

function startsWithMagic(bytes: Uint8Array): boolean {
  if (bytes.byteLength < sqliteMagic.length) return false
  for (let index = 0; index < sqliteMagic.length; index++) {
    if (bytes[index] !== sqliteMagic.charCodeAt(index)) return false
  }
  return true
}

function detectFolder(entries: readonly string[]): Verdict {
  let sessions = 0
  let messages = 0
  let parts = 0
  for (const path of entries) {
    if (sessionFile.test(path)) sessions++
    else if (messageFile.test(path)) messages++
    else if (partFile.test(path)) parts++
  }
  if (sessions > 0 && messages > 0) {
    return {
      confidence: 'certain',
      reason:
        `${sessions} session/<project>/ses_*.json and ${messages} message/ses_*/msg_*.json file(s) ` +
        `(OpenCode storage folder${parts > 0 ? `, ${parts} part file(s)` : ''})`,
      variant: 'opencode-storage'
    }
  }
  if (sessions > 0) {
    return {
      confidence: 'likely',
      reason: `${sessions} session/<project>/ses_*.json file(s) without messages (OpenCode storage folder)`,
      variant: 'opencode-storage'
    }
  }
  if (messages > 0) {
    return {
      confidence: 'possible',
      reason: `${messages} message/ses_*/msg_*.json file(s) without session files`,
      variant: 'opencode-storage'
    }
  }
  return {confidence: 'none', reason: 'a folder without OpenCode session/ses_*.json or message/ses_*/msg_*.json files'}
}
