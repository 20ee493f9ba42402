import {readFile, stat} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import {isRecord, stringOf} from '@chatmark/core/model'
import {fileUriPath} from './uri.js'

/** The most of a `workspace.json` read: VS Code writes one URI in it. */
const maxWorkspaceFileBytes = 64 * 1024

/**
 * The `workspace.json` of the workspace a chat session belongs to: VS Code
 * keeps `workspaceStorage/<hash>/chatSessions/<id>.json(l)`, and beside
 * `chatSessions/` the `workspace.json` that names the folder (`{folder}`) or
 * the `.code-workspace` file (`{workspace}`) the hash stands for. `undefined`
 * for a file outside a `chatSessions` folder (an export, an empty window's session).
 */
export function workspaceFileOf(path: string): string | undefined {
  const folder = dirname(path)
  return basename(folder) === 'chatSessions' ? join(dirname(folder), 'workspace.json') : undefined
}

/** The folder (or workspace file) a session's `workspace.json` names, as a path; `undefined` when there is none. */
export async function workspaceFolderOf(path: string): Promise<string | undefined> {
  const file = workspaceFileOf(path)
  if (!file) return undefined
  try {
    if ((await stat(file)).size > maxWorkspaceFileBytes) return undefined
    const data: unknown = JSON.parse(await readFile(file, 'utf8'))
    if (!isRecord(data)) return undefined
    const uri = stringOf(data['folder']) ?? stringOf(data['workspace'])
    return uri ? fileUriPath(uri) : undefined
  } catch {
    // No workspace.json, or one that is not JSON: the session is read without its folder.
    return undefined
  }
}
