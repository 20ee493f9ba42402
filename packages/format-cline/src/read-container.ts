import type {Conversation} from '@chatmark/core/model'
import type {Input, InputEntry, ParseContext} from '@chatmark/core/read'
import {entryInput} from '@chatmark/core/read'
import type {JsonFile} from './read-json-file.js'
import {readJsonFile} from './read-json-file.js'
import type {SdkFiles} from './sdk-files.js'
import {sdkConversation} from './sdk-conversation.js'
import type {Report} from './task-conversation.js'
import {taskConversation} from './task-conversation.js'
import {taskFromJson} from './task-from-json.js'
import type {TaskFiles} from './task-files.js'
import {laidOut} from './task-layout.js'

/**
 * Reads a folder (or archive) of tasks or SDK sessions: a `tasks/` folder,
 * one task folder, the SDK store's `sessions/` or one session's folder. One
 * conversation per task or session, in path order; one that cannot be read
 * is reported and the others kept.
 */
export async function* readContainer(
  input: Input,
  list: () => Promise<InputEntry[]>,
  context: ParseContext,
  report: Report
): AsyncGenerator<Conversation> {
  const tasks = new Map<string, {id: string; entries: Map<string, InputEntry>}>()
  const sessions = new Map<string, {id: string; entries: Map<string, InputEntry>}>()
  for (const entry of await list.call(input)) {
    const place = laidOut(entry.path)
    if (!place) continue
    const groups = place.kind === 'task' ? tasks : sessions
    const key = place.kind === 'task' ? place.folder : `${place.folder}\0${place.id}`
    const group = groups.get(key) ?? {id: place.id, entries: new Map()}
    group.entries.set(place.kind === 'task' ? place.name : place.role, entry)
    groups.set(key, group)
  }
  const withMessages = [...sessions].filter(([, group]) => group.entries.has('messages'))
  if (tasks.size === 0 && withMessages.length === 0) {
    throw new Error(
      `expected a Cline task folder (<taskId>/api_conversation_history.json or ui_messages.json) or a Cline SDK ` +
        `session (<id>/<id>.messages.json), found none in ${input.name}`
    )
  }
  const read = async (entry: InputEntry | undefined): Promise<JsonFile | undefined> =>
    entry ? readJsonFile(entryInput(input, entry.path, entry.size), context, entry.path) : undefined
  const path = input.path ? {path: input.path} : {}
  for (const [folder, group] of [...tasks].sort(byKey)) {
    const files: TaskFiles = {id: folder === '' ? rootId(input.name) : group.id, folder: `${input.name}/${folder}`}
    for (const [name, entry] of group.entries) taskFromJson(files, name, await read(entry))
    yield* attempt(() => taskConversation(files, report, path.path), report)
  }
  for (const [, group] of withMessages.sort(byKey)) {
    const files: SdkFiles = {id: group.id || rootId(input.name)}
    const manifest = await read(group.entries.get('manifest'))
    if (manifest?.kind === 'object') files.manifest = manifest.value
    files.messages = await read(group.entries.get('messages'))
    const compaction = await read(group.entries.get('compaction'))
    if (compaction) files.compaction = compaction.kind === 'object' ? compaction.value : compaction.items
    yield* attempt(() => sdkConversation(files, report, path.path), report)
  }
}

/** One task's conversation; a task that yields none is reported, the others go on. */
function* attempt(build: () => Conversation, report: Report): Generator<Conversation> {
  try {
    yield build()
  } catch (error) {
    report(`${error instanceof Error ? error.message : String(error)}: skipped`, 'empty-task')
  }
}

/** A task folder given itself: its name is the task id. */
function rootId(name: string): string {
  return (
    name
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .at(-1) || 'task'
  )
}

function byKey<T>([left]: [string, T], [right]: [string, T]): number {
  return left < right ? -1 : left > right ? 1 : 0
}
