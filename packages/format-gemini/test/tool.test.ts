import assert from 'node:assert/strict'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {Layout} from '../../../test/util/tool-home.js'
import {layOut as layOutFrom, sessionFiles} from '../../../test/util/tool-home.js'
import type {SessionFolder} from '@chatmark/core'
import {createNormalizer, inputFromPath} from '@chatmark/core'
import {gemini} from '@chatmark/format-gemini'

const tool = gemini().tool

/** Lays out a home; fixtures are named from `packages/format-gemini/fixtures/`. */
const layOut = (home: string, layout: Layout): Promise<void> =>
  layOutFrom(home, layout, 'packages/format-gemini/fixtures/')
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
const patterns = ['*/chats/session-*.json', '*/chats/session-*.jsonl', '*/checkpoint-*.json']

test('the gemini plugin names its tool Gemini CLI', () => {
  assert.equal(tool?.name, 'Gemini CLI')
})

test('Gemini CLI keeps its sessions under ~/.gemini/tmp by default', () => {
  assert.deepEqual(folders('/home/ada'), [{path: '/home/ada/.gemini/tmp', patterns}])
  assert.deepEqual(folders('/Users/ada', {}, 'darwin'), [{path: '/Users/ada/.gemini/tmp', patterns}])
  assert.deepEqual(folders('C:\\Users\\Ada', {}, 'win32'), [{path: 'C:\\Users\\Ada\\.gemini\\tmp', patterns}])
})

test('GEMINI_CLI_HOME stands for the home folder, with .gemini under it', () => {
  assert.deepEqual(folders('/home/ada', {GEMINI_CLI_HOME: '/srv/gemini-home'}), [
    {path: '/srv/gemini-home/.gemini/tmp', patterns, setBy: 'GEMINI_CLI_HOME'}
  ])
  assert.deepEqual(folders('C:\\Users\\Ada', {GEMINI_CLI_HOME: 'D:\\isolated'}, 'win32'), [
    {path: 'D:\\isolated\\.gemini\\tmp', patterns, setBy: 'GEMINI_CLI_HOME'}
  ])
})

test('an empty or relative GEMINI_CLI_HOME, and GEMINI_DIR (a constant in the CLI), change nothing', () => {
  const standard = [{path: '/home/ada/.gemini/tmp', patterns}]
  assert.deepEqual(folders('/home/ada', {GEMINI_CLI_HOME: ''}), standard)
  assert.deepEqual(folders('/home/ada', {GEMINI_CLI_HOME: 'sandbox'}), standard)
  assert.deepEqual(folders('/home/ada', {GEMINI_DIR: '/srv/elsewhere'}), standard)
})

test('the patterns take the sessions and checkpoints Gemini CLI wrote, and none of the files beside them', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-gemini-tool-'))
  try {
    // 0.61 names the project folder after the project (`.project_root` says which); 0.15 used the path's SHA-256.
    const slug = '.gemini/tmp/demo-project'
    const hashed = '.gemini/tmp/d16a3a011a067966988e1886e19eb4a3589e9bf1412121b0fa2c04190c6b6a2d'
    await layOut(home, {
      [`${hashed}/chats/session-2026-12-01T16-58-7b0bc942.json`]: {fixture: 'legacy-0.15-list-at-file/input.json'},
      [`${hashed}/logs.json`]: '[]\n',
      [`${slug}/.project_root`]: '/tmp/producers/gemini-run/demo-project\n',
      [`${slug}/chats/session-2026-11-30T06-14-b41dbbb5.jsonl`]: {fixture: 'resume/input.jsonl'},
      [`${slug}/chats/session-2026-11-30T06-17-acfb8c9c.jsonl`]: {fixture: 'jsonl-shell-tool/input.jsonl'},
      [`${slug}/chats/acfb8c9c-b8f0-49cb-a337-0f7c39accd43/f123faeb-cf15-414a-994a-13fcb3ea3fbf.jsonl`]: {
        fixture: 'subagent/input.jsonl'
      },
      [`${slug}/chats/session-2026-11-30T06-17-acfb8c9c.jsonl.unreadable-1796000000000`]: '{"sessionId":\n',
      [`${slug}/chats/session-2026-11-30T06-14-b41dbbb5.jsonl.tmp-4242`]: '',
      [`${slug}/checkpoint-demo-tag.json`]: {fixture: 'checkpoint-real/input.json'},
      [`${slug}/checkpoints/2026-11-30T06_20_00_000Z-todo.ts-replace.json`]: {fixture: 'restore-point/input.json'},
      [`${slug}/logs.json`]: {fixture: 'logs-json-real/input.json'},
      [`${slug}/shell_history`]: 'ls -la\n',
      '.gemini/tmp/bin/rg': '',
      '.gemini/history/demo-project/.project_root': '/tmp/producers/gemini-run/demo-project\n',
      '.gemini/projects.json': '{"projects":{"/tmp/producers/gemini-run/demo-project":"demo-project"}}\n',
      '.gemini/settings.json': '{"security":{"auth":{"selectedType":"gemini-api-key"}}}\n',
      '.gemini/state.json': '{}\n',
      '.gemini/installation_id': '6f1c3d0e-0000-4000-8000-000000000000\n'
    })

    const sessions = await sessionFiles(home, folders(home))
    assert.deepEqual(sessions, [
      `${hashed}/chats/session-2026-12-01T16-58-7b0bc942.json`,
      `${slug}/chats/session-2026-11-30T06-14-b41dbbb5.jsonl`,
      `${slug}/chats/session-2026-11-30T06-17-acfb8c9c.jsonl`,
      `${slug}/checkpoint-demo-tag.json`
    ])
    for (const session of sessions) {
      const {conversations} = await createNormalizer({formats: [gemini()]}).normalize(
        await inputFromPath(join(home, session))
      )
      assert.equal(conversations.length, 1, session)
    }
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})
