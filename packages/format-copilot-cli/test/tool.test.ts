import assert from 'node:assert/strict'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {Layout} from '../../../test/util/tool-home.js'
import {layOut as layOutFrom, sessionFiles} from '../../../test/util/tool-home.js'
import type {SessionFolder} from '@chatmark/core'
import {createNormalizer, inputFromPath} from '@chatmark/core'
import {copilotCli} from '@chatmark/format-copilot-cli'

const tool = copilotCli().tool
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
const layOut = (home: string, layout: Layout): Promise<void> =>
  layOutFrom(home, layout, 'packages/format-copilot-cli/fixtures/')
const cli = ['*/events.jsonl', '*.jsonl']
/** The transcripts' notes are Copilot Chat's, filed under that tool. */
const variant = 'vscode-transcript'
const transcripts = [
  'workspaceStorage/*/GitHub.copilot-chat/transcripts/*.jsonl',
  'globalStorage/github.copilot-chat/transcripts/*.jsonl'
]

test('the plugin names its tool GitHub Copilot CLI, and the VS Code transcripts’ variant GitHub Copilot Chat', () => {
  assert.equal(tool?.name, 'GitHub Copilot CLI')
  assert.equal(tool?.slug, 'github-copilot-cli')
  assert.deepEqual(tool?.variants, {'vscode-transcript': {name: 'GitHub Copilot Chat', slug: 'github-copilot-chat'}})
})

test('Linux: ~/.copilot/session-state, then VS Code’s user folders and VS Code Server’s', () => {
  assert.deepEqual(folders('/home/ada'), [
    {path: '/home/ada/.copilot/session-state', patterns: cli},
    {path: '/home/ada/.config/Code/User', patterns: transcripts, variant},
    {path: '/home/ada/.config/Code - Insiders/User', patterns: transcripts, variant},
    {path: '/home/ada/.config/VSCodium/User', patterns: transcripts, variant},
    {path: '/home/ada/.vscode-server/data/User', patterns: transcripts, variant},
    {path: '/home/ada/.vscode-server-insiders/data/User', patterns: transcripts, variant}
  ])
})

test('macOS and Windows keep VS Code’s user folders in their application-data folders', () => {
  const mac = folders('/Users/ada', {}, 'darwin').map((folder) => folder.path)
  assert.equal(mac[1], '/Users/ada/Library/Application Support/Code/User')
  const windows = folders('C:\\Users\\Ada', {APPDATA: 'D:\\Roaming'}, 'win32')
  assert.deepEqual(windows.slice(0, 2), [
    {path: 'C:\\Users\\Ada\\.copilot\\session-state', patterns: cli},
    {path: 'D:\\Roaming\\Code\\User', patterns: transcripts, setBy: 'APPDATA', variant}
  ])
  assert.equal(windows.length, 4, 'no VS Code Server folder on Windows')
  assert.equal(folders('C:\\Users\\Ada', {}, 'win32')[1]?.path, 'C:\\Users\\Ada\\AppData\\Roaming\\Code\\User')
})

test('COPILOT_HOME, XDG_CONFIG_HOME and VSCODE_PORTABLE move the folders; a relative value is left out', () => {
  const moved = folders('/home/ada', {
    COPILOT_HOME: '/srv/copilot',
    XDG_CONFIG_HOME: '/cfg',
    VSCODE_PORTABLE: '/opt/vsc'
  })
  assert.deepEqual(moved.slice(0, 3), [
    {path: '/srv/copilot/session-state', patterns: cli, setBy: 'COPILOT_HOME'},
    {path: '/opt/vsc/user-data/User', patterns: transcripts, setBy: 'VSCODE_PORTABLE', variant},
    {path: '/cfg/Code/User', patterns: transcripts, setBy: 'XDG_CONFIG_HOME', variant}
  ])
  assert.deepEqual(folders('/home/ada', {COPILOT_HOME: 'rel'}), folders('/home/ada'))
})

test('the patterns take the sessions and transcripts, and none of the files beside them', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-copilot-tool-'))
  try {
    const state = '.copilot/session-state'
    const id = '791c975f-1581-4ef8-bd39-b76ce816e903'
    await layOut(home, {
      [`${state}/${id}/events.jsonl`]: {fixture: 'tui-1.0.102-shell-compact/input.jsonl'},
      [`${state}/${id}/workspace.yaml`]: {fixture: 'tui-1.0.102-shell-compact/workspace.yaml'},
      [`${state}/${id}/checkpoints/index.md`]: '# Checkpoint History\n',
      [`${state}/${id}/checkpoints/001-session-791c975f.md`]: '<summary>x</summary>\n',
      [`${state}/${id}/rewind-file-snapshots/tracking.json`]: '{"schema":1,"tracking":true}',
      [`${state}/${id}/session.db`]: '',
      // The flat layout older builds wrote, still read by 1.0 as "legacy".
      [`${state}/1d59ac7a-2bd3-4fd8-b075-5e010451a171.jsonl`]: {fixture: 'headless-1.0.102-resume-error/input.jsonl'},
      '.copilot/session-store.db': '',
      '.copilot/command-history-state.json': '{}',
      '.config/Code/User/workspaceStorage/h1/workspace.json': '{"folder":"file:///work/projA"}',
      '.config/Code/User/workspaceStorage/h1/GitHub.copilot-chat/transcripts/5f3c2a91.jsonl': {
        fixture: 'vscode-transcript-0.62/input.jsonl'
      },
      '.config/Code/User/workspaceStorage/h1/GitHub.copilot-chat/debug-logs/5f3c2a91/main.jsonl': '{}\n',
      '.config/Code/User/workspaceStorage/h1/chatSessions/abc.jsonl': '{"kind":0,"v":{}}\n'
    })
    const sessions = await sessionFiles(home, folders(home))
    assert.deepEqual(sessions, [
      '.config/Code/User/workspaceStorage/h1/GitHub.copilot-chat/transcripts/5f3c2a91.jsonl',
      `${state}/1d59ac7a-2bd3-4fd8-b075-5e010451a171.jsonl`,
      `${state}/${id}/events.jsonl`
    ])
    const read = async (path: string) =>
      (await createNormalizer({formats: [copilotCli()]}).normalize(await inputFromPath(join(home, path))))
        .conversations[0]
    assert.deepEqual(await tool?.companions?.(join(home, sessions[2]!)), [join(home, state, id, 'workspace.yaml')])
    assert.deepEqual(await tool?.companions?.(join(home, sessions[1]!)), [])
    const tui = await read(sessions[2]!)
    assert.equal(tui?.title, 'Mock TUI session', 'the name from workspace.yaml beside it')
    const transcript = await read(sessions[0]!)
    assert.equal(transcript?.metadata.project, '/work/projA')
    assert.equal(transcript?.source.variant, 'vscode-transcript')
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})
