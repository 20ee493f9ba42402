import {taskFileNames} from './task-files.js'

const names: ReadonlySet<string> = new Set(Object.values(taskFileNames))

/** What a file of a container is, by its path: a task folder's file, an SDK session's, or neither. */
export type LaidOut =
  | {kind: 'task'; folder: string; id: string; name: string}
  | {kind: 'sdk'; folder: string; id: string; role: 'manifest' | 'messages' | 'compaction'}

/**
 * A path's place: `<...>/<taskId>/api_conversation_history.json` (and the
 * other files of `taskFileNames`), or the SDK store's
 * `<...>/<id>/<id>.json`, `<id>.messages.json`, `<id>.compaction.json`.
 */
export function laidOut(path: string): LaidOut | undefined {
  const slash = path.lastIndexOf('/')
  const folder = slash === -1 ? '' : path.slice(0, slash)
  const name = path.slice(slash + 1)
  const id = folder.slice(folder.lastIndexOf('/') + 1)
  if (names.has(name)) return {kind: 'task', folder, id: id || 'task', name}
  const sdk = /^(.+?)(\.messages|\.compaction)?\.json$/.exec(name)
  if (!sdk?.[1] || (folder !== '' && sdk[1] !== id)) return undefined
  const role = sdk[2] === '.messages' ? 'messages' : sdk[2] === '.compaction' ? 'compaction' : 'manifest'
  return {kind: 'sdk', folder, id: sdk[1], role}
}
