import assert from 'node:assert/strict'
import {mkdtemp, readdir, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {basename, dirname, join} from 'node:path'
import {test} from 'vitest'
import type {Layout} from '../../../test/util/tool-home.js'
import {layOut as layOutFrom, sessionFiles} from '../../../test/util/tool-home.js'
import type {SessionFolder} from '@chatmark/core'
import {createNormalizer, inputFromPath} from '@chatmark/core'
import {copilotChat} from '@chatmark/format-copilot-chat'

const tool = copilotChat().tool

/** Lays out a home; fixtures are named from `packages/format-copilot-chat/fixtures/`. */
const layOut = (home: string, layout: Layout): Promise<void> =>
  layOutFrom(home, layout, 'packages/format-copilot-chat/fixtures/')
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
const sessions = {patterns: ['*/chatSessions/*.json', '*/chatSessions/*.jsonl'], ignore: ['*/chatSessions/index.json']}
const emptyWindows = {patterns: ['emptyWindowChatSessions/*.json', 'emptyWindowChatSessions/*.jsonl']}
const userFolders = (userData: string, join: (...parts: string[]) => string, extra = {}): SessionFolder[] => [
  {path: join(userData, 'User', 'workspaceStorage'), ...sessions, ...extra},
  {path: join(userData, 'User', 'globalStorage'), ...emptyWindows, ...extra}
]
const posixJoin = (...parts: string[]): string => parts.join('/')
const windowsJoin = (...parts: string[]): string => parts.join('\\')

test('VS Code keeps its chats in ~/.config/<product>/User on Linux, and a VS Code server in ~/.vscode-server', () => {
  assert.deepEqual(folders('/home/ada'), [
    ...userFolders('/home/ada/.config/Code', posixJoin),
    ...userFolders('/home/ada/.config/Code - Insiders', posixJoin),
    ...userFolders('/home/ada/.config/VSCodium', posixJoin),
    ...userFolders('/home/ada/.vscode-server/data', posixJoin)
  ])
})

test('on macOS under ~/Library/Application Support, on Windows under %APPDATA%', () => {
  assert.deepEqual(
    folders('/Users/ada', {}, 'darwin').slice(0, 2),
    userFolders('/Users/ada/Library/Application Support/Code', posixJoin)
  )
  assert.deepEqual(folders('C:\\Users\\Ada', {APPDATA: 'D:\\Roaming'}, 'win32'), [
    ...userFolders('D:\\Roaming\\Code', windowsJoin),
    ...userFolders('D:\\Roaming\\Code - Insiders', windowsJoin),
    ...userFolders('D:\\Roaming\\VSCodium', windowsJoin)
  ])
  assert.deepEqual(
    folders('C:\\Users\\Ada', {}, 'win32').slice(0, 2),
    userFolders('C:\\Users\\Ada\\AppData\\Roaming\\Code', windowsJoin)
  )
})

test('VSCODE_PORTABLE, VSCODE_APPDATA and XDG_CONFIG_HOME move the folders, as userDataPath.ts reads them', () => {
  assert.deepEqual(
    folders('/home/ada', {VSCODE_PORTABLE: '/opt/vscode/data', VSCODE_APPDATA: '/srv/appdata'}),
    userFolders('/opt/vscode/data/user-data', posixJoin, {setBy: 'VSCODE_PORTABLE'})
  )
  assert.deepEqual(
    folders('/home/ada', {VSCODE_APPDATA: '/srv/appdata'}).slice(0, 2),
    userFolders('/srv/appdata/Code', posixJoin, {setBy: 'VSCODE_APPDATA'})
  )
  assert.deepEqual(
    folders('/home/ada', {XDG_CONFIG_HOME: '/home/ada/cfg'}).slice(0, 2),
    userFolders('/home/ada/cfg/Code', posixJoin, {setBy: 'XDG_CONFIG_HOME'})
  )
  // A relative value depends on the folder VS Code started in: left out.
  assert.deepEqual(folders('/home/ada', {VSCODE_APPDATA: 'appdata', XDG_CONFIG_HOME: 'cfg'}), folders('/home/ada'))
})

test('sync takes every session file, leaves out the index and the files beside, and reads each', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-copilot-chat-tool-'))
  try {
    const storage = '.config/Code/User/workspaceStorage'
    const workspace = `${storage}/9b1c7a6e2f3d4c5b8a9e0f1d2c3b4a59`
    await layOut(home, {
      [`${workspace}/workspace.json`]: '{"folder":"file:///home/ada/src/dates"}',
      [`${workspace}/state.vscdb`]: '',
      [`${workspace}/chatSessions/index.json`]: '{"version":1,"entries":{}}',
      [`${workspace}/chatSessions/8e2b6f0a-4c1d-4e9b-a7f3-5d2c1b0a9e8f.json`]: {fixture: 'session-v3-agent/input.json'},
      [`${workspace}/chatSessions/3c9d7e1f-2a4b-4c6d-8e0f-1a2b3c4d5e6f.jsonl`]: {
        fixture: 'session-log-1.109/input.jsonl'
      },
      [`${workspace}/chatEditingSessions/8e2b6f0a-4c1d-4e9b-a7f3-5d2c1b0a9e8f/state.json`]: '{}',
      [`${workspace}/GitHub.copilot-chat/transcripts/3c9d7e1f.jsonl`]: '{}\n',
      '.config/Code/User/globalStorage/emptyWindowChatSessions/1f0e2d3c-4b5a-4968-8776-5a4b3c2d1e0f.json': {
        fixture: 'session-v1-ask/input.json'
      },
      '.config/Code/User/globalStorage/storage.json': '{}'
    })
    const found = await sessionFiles(home, folders(home))
    assert.deepEqual(found, [
      '.config/Code/User/globalStorage/emptyWindowChatSessions/1f0e2d3c-4b5a-4968-8776-5a4b3c2d1e0f.json',
      `${workspace}/chatSessions/3c9d7e1f-2a4b-4c6d-8e0f-1a2b3c4d5e6f.jsonl`,
      `${workspace}/chatSessions/8e2b6f0a-4c1d-4e9b-a7f3-5d2c1b0a9e8f.json`
    ])
    for (const file of found) {
      const {conversations} = await createNormalizer({formats: [copilotChat()]}).normalize(
        await inputFromPath(join(home, file))
      )
      assert.equal(conversations.length, 1, file)
      if (file.startsWith(workspace)) assert.equal(conversations[0]?.metadata.project, '/home/ada/src/dates')
    }
    assert.deepEqual(await tool?.companions?.(join(home, found[1]!)), [join(home, workspace, 'workspace.json')])
    assert.deepEqual(await tool?.companions?.(join(home, found[0]!)), [])
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})

test('a session’s .json beside its .jsonl log belongs to the log, which VS Code 1.109 loads instead', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-copilot-chat-tool-'))
  try {
    const chats = '.config/Code/User/workspaceStorage/abc/chatSessions'
    await layOut(home, {
      [`${chats}/s1.json`]: {fixture: 'session-v3-agent/input.json'},
      [`${chats}/s1.jsonl`]: {fixture: 'session-log-1.109/input.jsonl'},
      [`${chats}/s2.json`]: {fixture: 'session-v1-ask/input.json'}
    })
    const path = join(home, chats, 's1.json')
    const siblings = new Set(await readdir(dirname(path)))
    const owner = await tool?.companionOf?.(path, siblings)
    assert.equal(owner?.input, join(home, chats, 's1.jsonl'))
    assert.equal(owner?.reason(basename(owner.input)), "superseded by the session's log s1.jsonl beside it")
    assert.equal(await tool?.companionOf?.(join(home, chats, 's2.json'), siblings), undefined)
    assert.equal(await tool?.companionOf?.(join(home, chats, 's1.jsonl'), siblings), undefined)
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})
