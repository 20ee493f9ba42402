import {stat} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import type {Conversation} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {inputFromPath, readJsonDocument} from '@chatmark/core/read'
import {sqliteMagic} from '@chatmark/sqlite'
import {messageSource} from './message-source.js'
import {projectsOf} from './project-list.js'
import {openCrushDatabase} from './read-database.js'
import type {DatabaseSource} from './session-conversation.js'
import {crushConversations} from './session-conversation.js'

/** What {@link parse} needs besides the context. */
export interface ParseSettings {
  /** Where SQLite's `sql-wasm.wasm` is, when not found by itself. */
  wasmPath?: string
}

/**
 * Reads Crush's sessions: from a `crush.db` (a file that starts as SQLite
 * does), or from `projects.json`, whose every listed project's
 * `<data_dir>/crush.db` is read in turn (a project whose database is gone is
 * reported and skipped, the others kept).
 */
export async function* parse(
  input: Input,
  context: ParseContext,
  settings: ParseSettings
): AsyncGenerator<Conversation> {
  const report = (reason: string, ruleId: string): void => {
    context.file.message(reason, {ruleId, source: messageSource})
  }
  if (await isSqlite(input)) {
    const source: DatabaseSource = {
      variant: 'crush-db',
      ...(input.path ? {path: input.path, ...projectOf(input.path)} : {})
    }
    yield* readDatabase(input, context, settings, source, report)
    return
  }
  const projects = projectsOf(await readJsonDocument(input, context.limits, "Crush's projects.json"))
  let read = 0
  for (const project of projects) {
    const path = join(project.dataDir, 'crush.db')
    const exists = await stat(path).then(
      (found) => found.isFile(),
      () => false
    )
    if (!exists) {
      report(`${input.name} lists the project ${project.path}, whose database ${path} is not there`, 'missing-database')
      continue
    }
    read++
    const source: DatabaseSource = {variant: 'crush-projects', path, project: project.path}
    yield* readDatabase(await inputFromPath(path), context, settings, source, report)
  }
  if (read === 0 && projects.length > 0) report(`${input.name}: none of its projects has a crush.db`, 'no-database')
}

async function* readDatabase(
  input: Input,
  context: ParseContext,
  settings: ParseSettings,
  source: DatabaseSource,
  report: (reason: string, ruleId: string) => void
): AsyncGenerator<Conversation> {
  const database = await openCrushDatabase(input, context, settings.wasmPath, report)
  try {
    if (database.sessions.length === 0)
      report(`${input.name} holds no sessions (Crush ran, but no chat was kept)`, 'empty')
    yield* crushConversations(database, source)
  } finally {
    database.close()
  }
}

/** A database in a `.crush` folder is that folder's project's (Crush's default data folder). */
function projectOf(path: string): {project?: string} {
  const folder = dirname(path)
  return basename(folder) === '.crush' ? {project: dirname(folder)} : {}
}

async function isSqlite(input: Input): Promise<boolean> {
  const head = await input.head(sqliteMagic.length)
  return Buffer.from(head).toString('latin1') === sqliteMagic
}
