import {stat} from 'node:fs/promises'
import type {PathOfPlatform, SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'
import {companionOf} from './companion-of.js'
import {workspaceFileOf} from './workspace-folder.js'

/** The VS Code builds whose user data holds Copilot Chat sessions, by their folder (`product.nameShort`). */
const products = ['Code', 'Code - Insiders', 'VSCodium']

const sessionPatterns = ['*/chatSessions/*.json', '*/chatSessions/*.jsonl']
// Some builds of 2025 kept the list of sessions as `chatSessions/index.json` (chatSessionStore.ts `indexPath`).
const sessionIgnore = ['*/chatSessions/index.json']
const emptyWindowPatterns = ['emptyWindowChatSessions/*.json', 'emptyWindowChatSessions/*.jsonl']

/**
 * GitHub Copilot Chat in VS Code, and where VS Code keeps its chats: in the
 * user data folder (`~/.config/Code` on Linux, `~/Library/Application
 * Support/Code` on macOS, `%APPDATA%\Code` on Windows; `Code - Insiders` and
 * `VSCodium` beside it; `$VSCODE_PORTABLE/user-data` in portable mode,
 * `$VSCODE_APPDATA/<product>` when that is set), one folder per workspace
 * `User/workspaceStorage/<hash>/chatSessions/<id>.json` (`.jsonl` since 1.109)
 * and the chats of windows with no folder in
 * `User/globalStorage/emptyWindowChatSessions/`; a VS Code server (Remote SSH,
 * WSL) keeps its own under `~/.vscode-server/data/User/`.
 */
export const copilotChatTool: ToolDescriptor = {
  name: 'GitHub Copilot Chat',
  slug: 'github-copilot-chat',
  sessionFolders,
  companions,
  companionOf
}

/** A session's `workspace.json`, which names its project: a sync reads the session again when it changes. */
async function companions(path: string): Promise<string[]> {
  const file = workspaceFileOf(path)
  if (!file) return []
  return (await stat(file).catch(() => undefined))?.isFile() ? [file] : []
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {home, platform} = environment
  const {path, folderFrom} = toolPaths(environment)
  // microsoft/vscode `src/vs/platform/environment/node/userDataPath.ts` `doGetUserDataPath`: VSCODE_PORTABLE, then
  // VSCODE_APPDATA/<product>, then (`--user-data-dir`, which sync cannot know) the platform's folder.
  const portable = folderFrom('VSCODE_PORTABLE')
  if (portable) return userFolders(path, path.join(portable, 'user-data'), {setBy: 'VSCODE_PORTABLE'})
  const appData = folderFrom('VSCODE_APPDATA')
  const setBy = appData
    ? {setBy: 'VSCODE_APPDATA'}
    : platform === 'linux' && folderFrom('XDG_CONFIG_HOME')
      ? {setBy: 'XDG_CONFIG_HOME'}
      : {}
  const root = appData ?? platformAppData(environment, path, folderFrom)
  const folders = products.flatMap((product) => userFolders(path, path.join(root, product), setBy))
  if (platform !== 'win32') folders.push(...userFolders(path, path.join(home, '.vscode-server', 'data'), {}))
  return folders
}

function platformAppData(
  {home, platform}: ToolEnvironment,
  path: PathOfPlatform,
  folderFrom: (variable: string) => string | undefined
): string {
  if (platform === 'win32') return folderFrom('APPDATA') ?? path.join(home, 'AppData', 'Roaming')
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support')
  return folderFrom('XDG_CONFIG_HOME') ?? path.join(home, '.config')
}

function userFolders(path: PathOfPlatform, userData: string, setBy: {setBy?: string}): SessionFolder[] {
  return [
    {path: path.join(userData, 'User', 'workspaceStorage'), patterns: sessionPatterns, ignore: sessionIgnore, ...setBy},
    {path: path.join(userData, 'User', 'globalStorage'), patterns: emptyWindowPatterns, ...setBy}
  ]
}
