import {readFile} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {isRecord, stringOf} from '@chatmark/core/model'

/**
 * The folder a workspace was opened on, from the `workspace.json` VS Code
 * (and so Cursor) writes beside a workspace's `state.vscdb`: `{"folder":
 * "file:///..."}`, or `{"workspace": ".../x.code-workspace"}` for a
 * multi-root workspace. `undefined` when there is no such file.
 */
export async function workspaceFolder(databasePath: string): Promise<string | undefined> {
  let json: unknown
  try {
    json = JSON.parse(await readFile(join(dirname(databasePath), 'workspace.json'), 'utf8'))
  } catch {
    return undefined
  }
  if (!isRecord(json)) return undefined
  const uri = stringOf(json['folder']) ?? stringOf(json['workspace'])
  return uri ? fileUriPath(uri) : undefined
}

/**
 * A `file:` URI as the path it names, in the spelling of the machine that
 * wrote it: `file:///c%3A/Users/x` is `c:\Users\x` (a Windows drive), a
 * remote URI (`vscode-remote://ssh-remote+host/home/x`) its path. Not a URI:
 * as it is.
 */
export function fileUriPath(uri: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(uri)
  if (!match) return uri
  let path: string
  try {
    path = decodeURIComponent(match[1] ?? '/')
  } catch {
    path = match[1] ?? '/'
  }
  return /^\/[a-zA-Z]:/.test(path) ? path.slice(1).replaceAll('/', '\\') : path
}
