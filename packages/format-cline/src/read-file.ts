import {stat} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import type {Conversation} from '@chatmark/core/model'
import {isRecord} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {inputFromPath} from '@chatmark/core/read'
import type {JsonFile} from './read-json-file.js'
import {readJsonFile} from './read-json-file.js'
import {isRooV2} from './roo-messages.js'
import {isSdkMessages, sdkConversation} from './sdk-conversation.js'
import {isSdkManifest} from './sdk-detect.js'
import type {SdkFiles} from './sdk-files.js'
import type {Report} from './task-conversation.js'
import {taskConversation} from './task-conversation.js'
import type {TaskFiles} from './task-files.js'
import {taskFileNames} from './task-files.js'
import {taskFromJson} from './task-from-json.js'

/**
 * One file read alone: what it is comes from its content (an api history, ui
 * messages, an SDK session's messages), not its name, so a renamed copy
 * reads too. With a path, the other files of its task or session beside it
 * are read as well (`ui_messages.json` beside `api_conversation_history.json`,
 * the manifest `<id>.json` beside `<id>.messages.json`).
 */
export async function readFile(input: Input, context: ParseContext, report: Report): Promise<Conversation> {
  const name = basename(input.name)
  const json = await readJsonFile(input, context, name)
  if (!json) throw new Error(`could not read ${name} as JSON`)
  const path = input.path
  if (isSdkMessages(json)) {
    const id = name.replace(/\.messages\.json$/, '').replace(/\.json$/, '')
    const files: SdkFiles = {id, messages: json}
    if (json.kind === 'object' && isSdkManifest(json.value)) {
      files.manifest = json.value
      files.messages = path ? await sibling(path, `${id}.messages.json`, context) : undefined
    } else if (path) {
      const manifest = await sibling(path, `${id}.json`, context)
      if (manifest?.kind === 'object') files.manifest = manifest.value
      const compaction = await sibling(path, `${id}.compaction.json`, context)
      if (compaction) files.compaction = compaction.kind === 'object' ? compaction.value : compaction.items
    }
    return sdkConversation(files, report, path)
  }
  const role = roleOf(json)
  if (!role) {
    throw new Error(
      'expected a Cline api_conversation_history.json (messages with role user/assistant), ui_messages.json ' +
        '(records with type say/ask) or an SDK session <id>.messages.json'
    )
  }
  const folder = path ? dirname(path) : ''
  const files: TaskFiles = {id: basename(folder) || name.replace(/\.json$/, ''), folder}
  taskFromJson(files, role, json)
  if (path) {
    for (const other of Object.values(taskFileNames)) {
      if (other !== role) taskFromJson(files, other, await sibling(path, other, context))
    }
  }
  return taskConversation(files, report, path)
}

/** Which task file the JSON is, by its shape. */
function roleOf(json: JsonFile): string | undefined {
  if (json.kind === 'object') return isRooV2(json.value) ? taskFileNames.api : undefined
  const first = json.items.find(isRecord)
  if (!first) return json.items.length === 0 ? taskFileNames.ui : undefined
  if (first['role'] === 'user' || first['role'] === 'assistant') return taskFileNames.api
  if (first['type'] === 'say' || first['type'] === 'ask') return taskFileNames.ui
  return undefined
}

async function sibling(path: string, name: string, context: ParseContext): Promise<JsonFile | undefined> {
  const other = join(dirname(path), name)
  if (other === path || !(await stat(other).catch(() => undefined))?.isFile()) return undefined
  return readJsonFile(await inputFromPath(other), context, name)
}
