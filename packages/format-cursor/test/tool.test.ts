import assert from 'node:assert/strict'
import {join} from 'node:path'
import {test} from 'vitest'
import type {SessionFolder} from '@chatmark/core'
import {cursor} from '@chatmark/format-cursor'
import {sessionFiles} from '../../../test/util/tool-home.js'
import {folder} from './helpers.js'

const tool = cursor().tool
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
const ide = ['globalStorage/state.vscdb', 'workspaceStorage/*/state.vscdb']
const cli = ['chats/*/*/store.db', 'projects/*/agent-transcripts/*/*.jsonl']

test('the cursor plugin names its tool Cursor, and the CLI variants Cursor CLI', () => {
  assert.equal(tool?.name, 'Cursor')
  assert.equal(tool?.slug, 'cursor')
  assert.deepEqual(tool?.variants?.['cursor-cli-store'], {name: 'Cursor CLI', slug: 'cursor-cli'})
  assert.deepEqual(tool?.variants?.['cursor-cli-transcript'], {name: 'Cursor CLI', slug: 'cursor-cli'})
})

test("Cursor's user folder on Linux, macOS and Windows, and the CLI's ~/.cursor", () => {
  assert.deepEqual(folders('/home/ada'), [
    {path: '/home/ada/.config/Cursor/User', patterns: ide},
    {path: '/home/ada/.cursor', patterns: cli, variant: 'cursor-cli-store'}
  ])
  assert.deepEqual(folders('/Users/ada', {}, 'darwin'), [
    {path: '/Users/ada/Library/Application Support/Cursor/User', patterns: ide},
    {path: '/Users/ada/.cursor', patterns: cli, variant: 'cursor-cli-store'}
  ])
  assert.deepEqual(folders('C:\\Users\\Ada', {}, 'win32'), [
    {path: 'C:\\Users\\Ada\\AppData\\Roaming\\Cursor\\User', patterns: ide},
    {path: 'C:\\Users\\Ada\\.cursor', patterns: cli, variant: 'cursor-cli-store'}
  ])
})

test('XDG_CONFIG_HOME (Linux) and APPDATA (Windows) move the user folder; a relative value is ignored', () => {
  assert.deepEqual(folders('/home/ada', {XDG_CONFIG_HOME: '/srv/config'})[0], {
    path: '/srv/config/Cursor/User',
    patterns: ide,
    setBy: 'XDG_CONFIG_HOME'
  })
  assert.deepEqual(folders('C:\\Users\\Ada', {APPDATA: 'D:\\Roaming'}, 'win32')[0], {
    path: 'D:\\Roaming\\Cursor\\User',
    patterns: ide,
    setBy: 'APPDATA'
  })
  assert.equal(folders('/home/ada', {XDG_CONFIG_HOME: 'config'})[0]?.path, '/home/ada/.config/Cursor/User')
})

test('sync finds the databases, stores and transcripts; a transcript with its store belongs to the store', async () => {
  const home = await folder({
    '.config/Cursor/User/globalStorage/state.vscdb': 'db',
    '.config/Cursor/User/globalStorage/state.vscdb-wal': 'wal',
    '.config/Cursor/User/workspaceStorage/abc/state.vscdb': 'db',
    '.config/Cursor/User/workspaceStorage/abc/workspace.json': '{}',
    '.cursor/chats/0f3e/s1/store.db': 'db',
    '.cursor/chats/0f3e/s1/meta.json': '{}',
    '.cursor/projects/home-ada-site/agent-transcripts/s1/s1.jsonl': '{}',
    '.cursor/projects/home-ada-site/agent-transcripts/s2/s2.jsonl': '{}',
    '.cursor/projects/home-ada-site/agent-transcripts/s2/subagents/x.jsonl': '{}'
  })
  assert.deepEqual(await sessionFiles(home, folders(home)), [
    '.config/Cursor/User/globalStorage/state.vscdb',
    '.config/Cursor/User/workspaceStorage/abc/state.vscdb',
    '.cursor/chats/0f3e/s1/store.db',
    '.cursor/projects/home-ada-site/agent-transcripts/s1/s1.jsonl',
    '.cursor/projects/home-ada-site/agent-transcripts/s2/s2.jsonl'
  ])
  const transcripts = join(home, '.cursor/projects/home-ada-site/agent-transcripts')
  const owner = await tool?.companionOf?.(join(transcripts, 's1/s1.jsonl'), new Set())
  assert.equal(owner?.input, join(home, '.cursor/chats/0f3e/s1/store.db'))
  assert.equal(await tool?.companionOf?.(join(transcripts, 's2/s2.jsonl'), new Set()), undefined)
  assert.deepEqual(await tool?.companions?.(join(home, '.config/Cursor/User/globalStorage/state.vscdb')), [
    join(home, '.config/Cursor/User/globalStorage/state.vscdb-wal')
  ])
  assert.deepEqual(await tool?.companions?.(join(home, '.config/Cursor/User/workspaceStorage/abc/state.vscdb')), [
    join(home, '.config/Cursor/User/workspaceStorage/abc/workspace.json')
  ])
  assert.deepEqual(await tool?.companions?.(join(home, '.cursor/chats/0f3e/s1/store.db')), [
    join(home, '.cursor/chats/0f3e/s1/meta.json')
  ])
})
