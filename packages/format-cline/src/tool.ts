import type {PathOfPlatform, SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'
import {companionOf} from './companion-of.js'
import {extensions} from './variant.js'

/** A task folder's files that make it a task (either alone is read). */
const taskFiles = ['*/api_conversation_history.json', '*/ui_messages.json']
/** A session of the SDK store: `<id>/<id>.messages.json` beside its manifest `<id>/<id>.json`. */
const sdkSessions = ['*/*.messages.json']

/**
 * Cline, and its forks Roo Code and Kilo Code (the detector's variants
 * `roo-code` and `kilo-code`), and where they keep their sessions:
 * - the SDK store of Cline CLI 3.x and of the Cline extension from 4.0
 *   (`@clinebot/core`): `<sessions>/<id>/<id>.json` + `<id>.messages.json`,
 *   in `$CLINE_SESSION_DATA_DIR`, else `$CLINE_DATA_DIR/sessions`, else
 *   `$CLINE_DIR/data/sessions`, else `~/.cline/data/sessions`;
 * - the task folders of Cline CLI 2.x (`~/.cline/data/tasks/<id>/`, Cline's
 *   core run outside VS Code) and of the extensions before their 2026 rewrites
 *   (`<User>/globalStorage/<extension>/tasks/<id>/`), for VS Code, its
 *   Insiders build, VSCodium, Cursor, Windsurf and a remote VS Code server.
 * Each `tasks/` and `sessions/` folder is one input, read as a container (as
 * OpenCode's `storage/` is): a task is a folder of files that only make sense
 * together.
 */
export const clineTool: ToolDescriptor = {
  name: 'Cline',
  slug: 'cline',
  variants: {
    'roo-code': {name: 'Roo Code', slug: 'roo-code'},
    'kilo-code': {name: 'Kilo Code', slug: 'kilo-code'}
  },
  sessionFolders,
  companionOf
}

/** VS Code and its forks, by the folder name of their user data (`<appData>/<name>/User`). */
const editors = ['Code', 'Code - Insiders', 'VSCodium', 'Cursor', 'Windsurf']
/** Remote servers keep user data in `~/<folder>/data/User` (Remote-SSH, WSL, Codespaces). */
const servers = ['.vscode-server', '.vscode-server-insiders', '.vscode-remote', '.cursor-server', '.windsurf-server']

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {path} = toolPaths(environment)
  return [...sdkStore(environment), ...cliTasks(environment), ...userFolders(environment, path).flatMap(extensionTasks)]

  function extensionTasks(user: {path: string; setBy?: string}): SessionFolder[] {
    return Object.entries(extensions).map(([extension, variant]) => ({
      path: path.join(user.path, 'globalStorage', extension, 'tasks'),
      patterns: taskFiles,
      input: 'folder' as const,
      ...(user.setBy ? {setBy: user.setBy} : {}),
      // Roo Code's and Kilo Code's tasks are filed and listed under their own tool.
      ...(variant === 'cline' ? {} : {variant})
    }))
  }
}

/**
 * The SDK store: `CLINE_SESSION_DATA_DIR`, else `<CLINE_DATA_DIR>/sessions`, else
 * `<CLINE_DIR>/data/sessions`, else `~/.cline/data/sessions` (the chain read by
 * `@clinebot/core`'s storage paths, as the Cline CLI 3.0.65 binary resolves them).
 */
function sdkStore(environment: ToolEnvironment): SessionFolder[] {
  const {path, folderFrom} = toolPaths(environment)
  const chain: Array<[string, (folder: string) => string]> = [
    ['CLINE_SESSION_DATA_DIR', (folder) => folder],
    ['CLINE_DATA_DIR', (folder) => path.join(folder, 'sessions')],
    ['CLINE_DIR', (folder) => path.join(folder, 'data', 'sessions')]
  ]
  for (const [variable, sessions] of chain) {
    const folder = folderFrom(variable)
    if (folder) return [{path: sessions(folder), patterns: sdkSessions, input: 'folder', setBy: variable}]
  }
  return [{path: path.join(environment.home, '.cline', 'data', 'sessions'), patterns: sdkSessions, input: 'folder'}]
}

/**
 * Cline CLI 2.x ran Cline's extension core outside VS Code and kept its tasks
 * as the extension did, in `<CLINE_DIR or ~/.cline>/data/tasks/<id>/` (observed
 * on 2.18.0: `~/.cline/data/tasks/<id>/ui_messages.json`).
 */
function cliTasks(environment: ToolEnvironment): SessionFolder[] {
  const {path, folderFrom} = toolPaths(environment)
  const clineDir = folderFrom('CLINE_DIR')
  return [
    {
      path: path.join(clineDir ?? path.join(environment.home, '.cline'), 'data', 'tasks'),
      patterns: taskFiles,
      input: 'folder',
      ...(clineDir ? {setBy: 'CLINE_DIR'} : {})
    }
  ]
}

/**
 * The `User` folders of VS Code and its forks: `<appData>/<editor>/User`, where
 * `appData` is `VSCODE_APPDATA` when set (VS Code's `src/vs/platform/environment/node/userDataPath.ts`), else
 * `%APPDATA%` on Windows, `~/Library/Application Support` on macOS and `$XDG_CONFIG_HOME` or `~/.config` on
 * Linux; a portable VS Code keeps it in `$VSCODE_PORTABLE/user-data/User`; remote servers in `~/<server>/data/User`.
 */
function userFolders(environment: ToolEnvironment, path: PathOfPlatform): Array<{path: string; setBy?: string}> {
  const {home, platform} = environment
  const {folderFrom} = toolPaths(environment)
  const override = folderFrom('VSCODE_APPDATA')
  const appData = override
    ? {path: override, setBy: 'VSCODE_APPDATA'}
    : platform === 'win32'
      ? fromVariable(folderFrom('APPDATA'), 'APPDATA', path.join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? {path: path.join(home, 'Library', 'Application Support')}
        : fromVariable(folderFrom('XDG_CONFIG_HOME'), 'XDG_CONFIG_HOME', path.join(home, '.config'))
  const users: Array<{path: string; setBy?: string}> = editors.map((editor) => ({
    ...appData,
    path: path.join(appData.path, editor, 'User')
  }))
  const portable = folderFrom('VSCODE_PORTABLE')
  if (portable) users.push({path: path.join(portable, 'user-data', 'User'), setBy: 'VSCODE_PORTABLE'})
  for (const server of servers) users.push({path: path.join(home, server, 'data', 'User')})
  return users
}

function fromVariable(value: string | undefined, variable: string, fallback: string): {path: string; setBy?: string} {
  return value ? {path: value, setBy: variable} : {path: fallback}
}
