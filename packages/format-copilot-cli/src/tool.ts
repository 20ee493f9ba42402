import {stat} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import type {SessionFolder, ToolDescriptor, ToolEnvironment, ToolPaths} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'
import {vscodeVariant} from './detect.js'

/** The products whose user folder may hold the Copilot Chat extension's transcripts, as VS Code names them. */
const vscodeProducts = ['Code', 'Code - Insiders', 'VSCodium']

/** The extension's transcripts, one file per chat, in each workspace's storage and in the empty window's. */
const transcripts = [
  'workspaceStorage/*/GitHub.copilot-chat/transcripts/*.jsonl',
  'globalStorage/github.copilot-chat/transcripts/*.jsonl'
]

/**
 * GitHub Copilot CLI, and where it keeps its sessions: `session-state/<sessionId>/events.jsonl` (and, written by
 * 0.0.3xx, `session-state/<sessionId>.jsonl`) in `$COPILOT_HOME`, else `~/.copilot` (`%USERPROFILE%\.copilot` on
 * Windows). The Copilot Chat extension of VS Code writes the same events to
 * `<User>/workspaceStorage/<hash>/GitHub.copilot-chat/transcripts/<sessionId>.jsonl`: its variant is GitHub Copilot
 * Chat.
 */
export const copilotTool: ToolDescriptor = {
  name: 'GitHub Copilot CLI',
  slug: 'github-copilot-cli',
  variants: {[vscodeVariant]: {name: 'GitHub Copilot Chat', slug: 'github-copilot-chat'}},
  sessionFolders,
  companions
}

/**
 * The `workspace.yaml` beside a session's `events.jsonl`: `/rename` changes the session's name there, and not in
 * its events (1.0.102), so a sync reads the session again when it changes.
 */
async function companions(path: string): Promise<string[]> {
  if (basename(path) !== 'events.jsonl') return []
  const workspace = join(dirname(path), 'workspace.yaml')
  return (await stat(workspace).catch(() => undefined))?.isFile() ? [workspace] : []
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const paths = toolPaths(environment)
  const {path, folderFrom} = paths
  // `COPILOT_HOME` when set, else the home folder's `.copilot` (1.0.102 `cli-main.js`: the session paths are
  // resolved from `[--config-dir, process.env.COPILOT_HOME, os.homedir()]`; `--config-dir` is deprecated in favour of
  // `COPILOT_HOME` since 1.0.40). A relative value depends on where the CLI started, which sync cannot know.
  const copilotHome = folderFrom('COPILOT_HOME')
  const cli: SessionFolder = {
    path: path.join(copilotHome ?? path.join(environment.home, '.copilot'), 'session-state'),
    // `<id>/events.jsonl` (0.0.34x on) and the flat `<id>.jsonl` the same versions still read as "legacy".
    // Beside them: `workspace.yaml`, `checkpoints/*.md`, `session.db`, `rewind-file-snapshots/`: not sessions.
    patterns: ['*/events.jsonl', '*.jsonl'],
    ...(copilotHome ? {setBy: 'COPILOT_HOME'} : {})
  }
  // The transcripts are Copilot Chat's: filed and listed under that tool.
  const chat = vscodeUserFolders(environment, paths).map((user) => ({
    ...user,
    patterns: transcripts,
    variant: vscodeVariant
  }))
  return [cli, ...chat]
}

/** VS Code's user folders, of each product, on this platform, and of VS Code Server (remote SSH, WSL, tunnels). */
function vscodeUserFolders(environment: ToolEnvironment, {path, folderFrom}: ToolPaths): SessionFolder[] {
  const {home, platform} = environment
  const folders: SessionFolder[] = []
  // `VSCODE_PORTABLE`: a portable install keeps its user data in `<portable>/user-data` (VS Code's `product.ts`).
  const portable = folderFrom('VSCODE_PORTABLE')
  if (portable) folders.push({path: path.join(portable, 'user-data', 'User'), setBy: 'VSCODE_PORTABLE', patterns: []})
  let appData: string
  let setBy: string | undefined
  if (platform === 'win32') {
    // Electron's `appData`: `%APPDATA%`, else `<home>\AppData\Roaming`.
    const roaming = folderFrom('APPDATA')
    appData = roaming ?? path.join(home, 'AppData', 'Roaming')
    setBy = roaming ? 'APPDATA' : undefined
  } else if (platform === 'darwin') {
    appData = path.join(home, 'Library', 'Application Support')
  } else {
    // Electron's `appData` on Linux: `$XDG_CONFIG_HOME`, else `~/.config`.
    const config = folderFrom('XDG_CONFIG_HOME')
    appData = config ?? path.join(home, '.config')
    setBy = config ? 'XDG_CONFIG_HOME' : undefined
  }
  for (const product of vscodeProducts)
    folders.push({path: path.join(appData, product, 'User'), patterns: [], ...(setBy ? {setBy} : {})})
  if (platform !== 'win32') {
    for (const server of ['.vscode-server', '.vscode-server-insiders'])
      folders.push({path: path.join(home, server, 'data', 'User'), patterns: []})
  }
  return folders
}
