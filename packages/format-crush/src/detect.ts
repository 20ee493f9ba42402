import type {Sample, Verdict} from '@chatmark/core/read'
import {isRecord} from '@chatmark/core/model'
import {readSqliteSchema, startsWithSqliteMagic} from '@chatmark/sqlite'
import {isProjectList} from './project-list.js'
import {requiredTables} from './required-tables.js'

/** `crush.db`, the name Crush gives the database in a project's data folder (`internal/db/connect.go`). */
export const databaseName = /(?:^|[\\/])crush\.db$/

/**
 * Detects Crush's SQLite database (by its `sessions`, `messages` and
 * `goose_db_version` tables, read from `sqlite_master` on the first pages, or
 * by its name `crush.db`) and Crush's `projects.json`, the list of the
 * projects it ran in, each with its data folder. Pure and synchronous.
 */
export function detect(sample: Sample): Verdict {
  if (sample.kind === 'json') return detectProjectList(sample.json)
  if (!startsWithSqliteMagic(sample.bytes)) {
    return {confidence: 'none', reason: "not a SQLite database nor Crush's projects.json"}
  }
  const schema = readSqliteSchema(sample.bytes)
  const seen = new Set(schema?.tables ?? [])
  if (requiredTables.every((table) => seen.has(table))) {
    return {
      confidence: 'certain',
      reason: "SQLite database with Crush's tables sessions, messages and goose_db_version (.crush/crush.db)",
      variant: 'crush-db'
    }
  }
  if (databaseName.test(sample.name)) {
    return {
      // Crush names the file itself (`internal/db/connect.go`), and its 2026 schema lies past the sample.
      confidence: 'certain',
      reason: 'SQLite database named crush.db (the file Crush keeps sessions in); its tables are checked when read',
      variant: 'crush-db'
    }
  }
  return {
    confidence: 'none',
    reason: `a SQLite database without Crush's tables ${requiredTables.join(', ')} in its schema`
  }
}

function detectProjectList(json: unknown): Verdict {
  if (isRecord(json) && isProjectList(json)) {
    return {
      confidence: 'certain',
      reason: "Crush's projects.json: {projects: [{path, data_dir, last_accessed}]}, each data folder's crush.db read",
      variant: 'crush-projects'
    }
  }
  return {confidence: 'none', reason: "JSON that is not Crush's projects.json ({projects: [{path, data_dir}]})"}
}
