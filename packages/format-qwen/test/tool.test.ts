import assert from 'node:assert/strict'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {Layout} from '../../../test/util/tool-home.js'
import {layOut as layOutFrom, sessionFiles} from '../../../test/util/tool-home.js'
import type {SessionFolder} from '@chatmark/core'
import {createNormalizer, inputFromPath} from '@chatmark/core'
import {qwen} from '@chatmark/format-qwen'

const tool = qwen().tool

/** Lays out a home; fixtures are named from `fixtures/`. */
const layOut = (home: string, layout: Layout): Promise<void> => layOutFrom(home, layout, 'packages/')
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
const recordings = {
  patterns: ['*/chats/*.jsonl', '*/chats/archive/*.jsonl'],
  ignore: ['*/chats/*.ledger.jsonl', '*/chats/archive/*.ledger.jsonl']
}
const geminiEra = {patterns: ['*/chats/session-*.json', '*/checkpoint-*.json']}

test('the qwen plugin names its tool Qwen Code', () => {
  assert.equal(tool?.name, 'Qwen Code')
})

test('Qwen Code keeps its sessions under ~/.qwen/projects, and 0.1.x under ~/.qwen/tmp', () => {
  assert.deepEqual(folders('/home/ada'), [
    {path: '/home/ada/.qwen/projects', ...recordings},
    {path: '/home/ada/.qwen/tmp', ...geminiEra}
  ])
  assert.deepEqual(folders('C:\\Users\\Ada', {}, 'win32'), [
    {path: 'C:\\Users\\Ada\\.qwen\\projects', ...recordings},
    {path: 'C:\\Users\\Ada\\.qwen\\tmp', ...geminiEra}
  ])
})

test('QWEN_HOME moves the recordings, and QWEN_RUNTIME_DIR wins over it; 0.1.x read neither', () => {
  const legacy = {path: '/home/ada/.qwen/tmp', ...geminiEra}
  assert.deepEqual(folders('/home/ada', {QWEN_HOME: '/srv/qwen'}), [
    {path: '/srv/qwen/projects', ...recordings, setBy: 'QWEN_HOME'},
    legacy
  ])
  assert.deepEqual(folders('/home/ada', {QWEN_HOME: '/srv/qwen', QWEN_RUNTIME_DIR: '/var/qwen-runtime'}), [
    {path: '/var/qwen-runtime/projects', ...recordings, setBy: 'QWEN_RUNTIME_DIR'},
    legacy
  ])
})

test('a leading ~ in the variables is the home folder, as Qwen Code expands it', () => {
  assert.deepEqual(folders('/home/ada', {QWEN_RUNTIME_DIR: '~/runtime'})[0]?.path, '/home/ada/runtime/projects')
  assert.deepEqual(folders('/home/ada', {QWEN_HOME: '~'})[0]?.path, '/home/ada/projects')
  assert.deepEqual(
    folders('C:\\Users\\Ada', {QWEN_HOME: '~\\qwen/home'}, 'win32')[0]?.path,
    'C:\\Users\\Ada\\qwen\\home\\projects'
  )
})

test('an empty or relative variable is left out: where it points depends on where the CLI started', () => {
  const standard = folders('/home/ada')
  assert.deepEqual(folders('/home/ada', {QWEN_HOME: '', QWEN_RUNTIME_DIR: ''}), standard)
  assert.deepEqual(folders('/home/ada', {QWEN_RUNTIME_DIR: '.qwen'}), standard)
  assert.deepEqual(folders('/home/ada', {QWEN_RUNTIME_DIR: 'runtime', QWEN_HOME: '/srv/qwen'})[0], {
    path: '/srv/qwen/projects',
    ...recordings,
    setBy: 'QWEN_HOME'
  })
})

test('the patterns take the recordings of 0.24 and the sessions of 0.1, and no file beside them', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-qwen-tool-'))
  try {
    // The folder names the CLI made of the producers' scratch project (see fixtures/PROVENANCE.md).
    const chats = '.qwen/projects/-tmp-qwen-producers-qwen-run-demo-project/chats'
    const hash = '.qwen/tmp/a720f3e487b866cd0604fc33350a2403a5773360022fcca8d9ee41fa84b59f0a'
    // Qwen Code 0.1.3 named the folder after the SHA-256 of the project's path, as Gemini CLI then did.
    const hashed = '.qwen/tmp/635b5fdc74bb5fb57dcdba5359b43ec70ffac838c2345b58b949c35a93a8e7ff'
    const legacy = `${hashed}/chats/session-2026-12-01T16-59-bbf68702.json`
    await layOut(home, {
      [`${chats}/4c1bc7de-82ec-4a0b-b6c1-028bdd72a8b7.jsonl`]: {
        fixture: 'format-qwen/fixtures/resume-tools-failed-turn/input.jsonl'
      },
      [`${chats}/0154ba52-717c-4c04-b8ee-7effb9b54879.jsonl`]: {
        fixture: 'format-qwen/fixtures/tui-compress/input.jsonl'
      },
      [`${chats}/0154ba52-717c-4c04-b8ee-7effb9b54879.runtime.json`]:
        '{"schema_version":1,"session_id":"0154ba52-717c-4c04-b8ee-7effb9b54879","qwen_version":"0.24.4"}\n',
      [`${chats}/0154ba52-717c-4c04-b8ee-7effb9b54879.ledger.jsonl`]: '{"promptId":"p-1","state":"completed"}\n',
      [`${chats}/archive/405b0a87-f901-47ad-baf6-0c32eeab007c.jsonl`]: {
        fixture: 'format-qwen/fixtures/fork/input.jsonl'
      },
      [`${chats}/archive/405b0a87-f901-47ad-baf6-0c32eeab007c.pr.json`]: '{}\n',
      '.qwen/projects/-tmp-qwen-producers-qwen-run-demo-project/subagents/agent-1.jsonl': '{}\n',
      [`${hash}/logs.json`]: '[]\n',
      [`${hash}/shell_history`]: 'ls\n',
      [legacy]: {fixture: 'format-gemini/fixtures/qwen-0.1-session/input.json'},
      '.qwen/settings.json': '{"security":{"auth":{"selectedType":"openai"}}}\n',
      '.qwen/usage_record.jsonl': '{"sessionId":"0154ba52-717c-4c04-b8ee-7effb9b54879"}\n',
      '.qwen/tip_history.json': '{}\n',
      '.qwen/installation_id': '1b7d9e3a-0000-4000-8000-000000000000\n'
    })

    const sessions = await sessionFiles(home, folders(home))
    assert.deepEqual(sessions, [
      `${chats}/0154ba52-717c-4c04-b8ee-7effb9b54879.jsonl`,
      `${chats}/4c1bc7de-82ec-4a0b-b6c1-028bdd72a8b7.jsonl`,
      `${chats}/archive/405b0a87-f901-47ad-baf6-0c32eeab007c.jsonl`,
      legacy
    ])
    // The 0.1.x file is Gemini CLI's session JSON: the gemini format reads it
    // (packages/format-gemini/fixtures/qwen-0.1-session).
    for (const session of sessions.filter((file) => file !== legacy)) {
      const {conversations} = await createNormalizer({formats: [qwen()]}).normalize(
        await inputFromPath(join(home, session))
      )
      assert.equal(conversations.length, 1, session)
    }
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})
