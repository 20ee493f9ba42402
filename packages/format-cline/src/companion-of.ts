import {basename, dirname, join} from 'node:path'
import type {CompanionOf} from '@chatmark/core/read'
import {taskFileNames} from './task-files.js'

/**
 * The file a task's or session's other file is read with: a task folder is
 * read from its `api_conversation_history.json` (else its `ui_messages.json`),
 * which reads the rest of the folder; an SDK session from its
 * `<id>.messages.json`, which reads the manifest and the compaction beside it.
 */
export async function companionOf(path: string, siblings: ReadonlySet<string>): Promise<CompanionOf | undefined> {
  const name = basename(path)
  const folder = dirname(path)
  const lead = [taskFileNames.api, taskFileNames.ui].find((file) => siblings.has(file))
  if (lead && name !== lead && Object.values<string>(taskFileNames).includes(name)) {
    return {input: join(folder, lead), reason: (input) => `a file of the Cline task read with ${input}`}
  }
  const sdk = /^(.+?)(?:\.compaction)?\.json$/.exec(name)
  if (sdk?.[1] && !name.endsWith('.messages.json') && siblings.has(`${sdk[1]}.messages.json`)) {
    const input = join(folder, `${sdk[1]}.messages.json`)
    return {input, reason: (read) => `a file of the Cline session read with ${read}`}
  }
  return undefined
}
