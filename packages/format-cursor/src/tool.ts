import {readdir, stat} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import type {CompanionOf, SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'
import {storeVariant, transcriptVariant} from './variants.js'

/** The Cursor CLI (`cursor-agent`), the tool of the store and transcript variants. */
const cursorCli = {name: 'Cursor CLI', slug: 'cursor-cli'}

/**
 * Cursor, and where it keeps its chats. The IDE (a VS Code fork) keeps them
 * in its user folder, `~/.config/Cursor/User` on Linux (`$XDG_CONFIG_HOME`
 * moves `~/.config`, as for every Electron app), `~/Library/Application
 * Support/Cursor/User` on macOS, `%APPDATA%\Cursor\User` on Windows: in
 * `globalStorage/state.vscdb` (every composer's messages, 2025 on) and
 * `workspaceStorage/<hash>/state.vscdb` (a workspace's chat-panel tabs and
 * composers; 2025 on, only the list of its composers). The Cursor CLI
 * (`cursor-agent`) keeps its sessions in `~/.cursor` (`%USERPROFILE%\.cursor`):
 * `chats/<md5 of the cwd>/<session>/store.db`, and a transcript of each in
 * `projects/<cwd, dashed>/agent-transcripts/<session>/<session>.jsonl`.
 * Neither moves with an environment variable of its own.
 */
export const cursorTool: ToolDescriptor = {
  name: 'Cursor',
  slug: 'cursor',
  variants: {[storeVariant]: cursorCli, [transcriptVariant]: cursorCli},
  sessionFolders,
  companions,
  companionOf
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {home, platform} = environment
  const {path, folderFrom} = toolPaths(environment)
  let user: SessionFolder['path']
  let setBy: {setBy?: string} = {}
  if (platform === 'win32') {
    const appData = folderFrom('APPDATA')
    user = path.join(appData ?? path.join(home, 'AppData', 'Roaming'), 'Cursor', 'User')
    if (appData) setBy = {setBy: 'APPDATA'}
  } else if (platform === 'darwin') {
    user = path.join(home, 'Library', 'Application Support', 'Cursor', 'User')
  } else {
    // Electron's `appData` on Linux: `$XDG_CONFIG_HOME`, else `~/.config`.
    const config = folderFrom('XDG_CONFIG_HOME')
    user = path.join(config ?? path.join(home, '.config'), 'Cursor', 'User')
    if (config) setBy = {setBy: 'XDG_CONFIG_HOME'}
  }
  return [
    {path: user, patterns: ['globalStorage/state.vscdb', 'workspaceStorage/*/state.vscdb'], ...setBy},
    {
      path: path.join(home, '.cursor'),
      // A transcript of a session whose store is there too is left out by `companionOf`; `subagents/` transcripts
      // under a session's folder are not matched.
      patterns: ['chats/*/*/store.db', 'projects/*/agent-transcripts/*/*.jsonl'],
      // The CLI's sessions: filed and listed under Cursor CLI, not under the IDE.
      variant: 'cursor-cli-store'
    }
  ]
}

/**
 * Files that change what an input holds: a database's `-wal` (both write in
 * WAL mode), a workspace database's `workspace.json` (its folder) and a
 * store's `meta.json` (its cwd and title).
 */
async function companions(path: string): Promise<string[]> {
  const name = basename(path)
  const candidates: string[] = []
  if (name.endsWith('.vscdb') || name.endsWith('.db')) candidates.push(`${path}-wal`)
  if (name === 'state.vscdb') candidates.push(join(dirname(path), 'workspace.json'))
  if (name === 'store.db') candidates.push(join(dirname(path), 'meta.json'))
  const found: string[] = []
  for (const file of candidates) if ((await stat(file).catch(() => undefined))?.isFile()) found.push(file)
  return found
}

/**
 * A CLI transcript (`.cursor/projects/<cwd>/agent-transcripts/<id>/<id>.jsonl`)
 * belongs to its session's store (`.cursor/chats/<hash>/<id>/store.db`) when
 * there is one: the store holds everything the transcript does, and the
 * reasoning and tool results it does not.
 */
async function companionOf(path: string): Promise<CompanionOf | undefined> {
  const id = basename(path).replace(/\.jsonl$/, '')
  const session = dirname(path)
  const transcripts = dirname(session)
  if (basename(session) !== id || basename(transcripts) !== 'agent-transcripts') return undefined
  const chats = join(dirname(dirname(dirname(transcripts))), 'chats')
  let hashes: string[]
  try {
    hashes = await readdir(chats)
  } catch {
    return undefined
  }
  for (const hash of hashes) {
    const store = join(chats, hash, id, 'store.db')
    if ((await stat(store).catch(() => undefined))?.isFile()) {
      return {input: store, reason: (input) => `the transcript of the Cursor CLI session ${input} holds in full`}
    }
  }
  return undefined
}
