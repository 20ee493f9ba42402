import assert from 'node:assert/strict'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {Layout} from '../../../test/util/tool-home.js'
import {layOut as layOutFrom, sessionFiles} from '../../../test/util/tool-home.js'
import type {SessionFolder} from '@chatmark/core'
import {createNormalizer, inputFromPath} from '@chatmark/core'
import {codex} from '@chatmark/format-codex'

const tool = codex().tool

/** Lays out a home; fixtures are named from `packages/format-codex/fixtures/`. */
const layOut = (home: string, layout: Layout): Promise<void> =>
  layOutFrom(home, layout, 'packages/format-codex/fixtures/')
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
const rollouts = ['**/rollout-*.jsonl', '**/rollout-*.jsonl.zst']

/** What Codex 0.171.0 keeps in its home besides the rollouts (as the producers' run left it). */
const besideRollouts: Layout = {
  'config.toml': 'model_provider = "mock"\n',
  'history.jsonl': '{"session_id":"01a23299-c5ce-71c0-a8d4-f0a3cf3ddf91","ts":1796145268,"text":"hi"}\n',
  'session_index.jsonl': '{"id":"01a23299-c5ce-71c0-a8d4-f0a3cf3ddf91","thread_name":"Demo"}\n',
  'session_index.jsonl.lock': '',
  installation_id: '0e4b7a52-0000-4000-8000-000000000000\n',
  'logs_2.sqlite': '',
  'logs_2.sqlite-wal': '',
  'goals_1.sqlite': '',
  '.tmp/plugins.sync.lock': '',
  'skills/.system/imagegen/SKILL.md': '# imagegen\n'
}

const under = (root: string, layout: Layout): Layout =>
  Object.fromEntries(Object.entries(layout).map(([path, source]) => [`${root}/${path}`, source]))

async function normalizeEach(home: string, sessions: readonly string[]): Promise<void> {
  for (const session of sessions) {
    const {conversations} = await createNormalizer({formats: [codex()]}).normalize(
      await inputFromPath(join(home, session))
    )
    assert.equal(conversations.length, 1, session)
  }
}

test('the codex plugin names its tool Codex', () => {
  assert.equal(tool?.name, 'Codex')
})

test('Codex keeps its rollouts in ~/.codex/sessions and ~/.codex/archived_sessions by default', () => {
  assert.deepEqual(folders('/home/ada'), [
    {path: '/home/ada/.codex/sessions', patterns: [...rollouts, 'rollout-*.json']},
    {path: '/home/ada/.codex/archived_sessions', patterns: rollouts}
  ])
  assert.deepEqual(folders('C:\\Users\\Ada', {}, 'win32'), [
    {path: 'C:\\Users\\Ada\\.codex\\sessions', patterns: [...rollouts, 'rollout-*.json']},
    {path: 'C:\\Users\\Ada\\.codex\\archived_sessions', patterns: rollouts}
  ])
})

test('CODEX_HOME moves both folders; the TypeScript CLI, which ignored it, is still looked for in ~/.codex', () => {
  assert.deepEqual(folders('/home/ada', {CODEX_HOME: '/srv/codex'}), [
    {path: '/srv/codex/sessions', patterns: rollouts, setBy: 'CODEX_HOME'},
    {path: '/srv/codex/archived_sessions', patterns: rollouts, setBy: 'CODEX_HOME'},
    {path: '/home/ada/.codex/sessions', patterns: ['rollout-*.json']}
  ])
})

test('an empty or relative CODEX_HOME is left out: where it points depends on where the CLI started', () => {
  const standard = folders('/home/ada')
  assert.deepEqual(folders('/home/ada', {CODEX_HOME: ''}), standard)
  assert.deepEqual(folders('/home/ada', {CODEX_HOME: '.codex-work'}), standard)
})

test('the patterns take every generation of rollout Codex wrote, and none of the files beside them', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-codex-tool-'))
  try {
    const day = '.codex/sessions/2026/12/01'
    await layOut(home, {
      [`${day}/rollout-2026-12-01T17-14-28-01a23299-c5ce-71c0-a8d4-f0a3cf3ddf91.jsonl`]: {
        fixture: 'tui-0.150-compaction-reply/input.jsonl'
      },
      '.codex/sessions/2026/11/30/rollout-2026-11-30T06-54-22-01a22b3b-b35c-7c33-b8cd-80ea61c74018.jsonl.zst': {
        fixture: 'zstd-rollout/input.jsonl.zst'
      },
      '.codex/sessions/2025/08/12/rollout-2025-08-12T14-03-11-5c0a2f3e-6f8d-4a43-8d43-0c4b7b2d9e10.jsonl': {
        fixture: 'legacy-jsonl/input.jsonl'
      },
      '.codex/sessions/rollout-2025-04-18-7f9f7e1c-8b1a-4a47-9d51-3c1f1f0e2a11.json': {
        fixture: 'ts-cli-json/input.json'
      },
      '.codex/archived_sessions/rollout-2026-12-01T16-54-16-01a23287-4772-7b70-8e11-ba696ef046f6.jsonl': {
        fixture: 'fork-0.150-tokens/input.jsonl'
      },
      ...under('.codex', besideRollouts)
    })

    const sessions = await sessionFiles(home, folders(home))
    assert.deepEqual(sessions, [
      '.codex/archived_sessions/rollout-2026-12-01T16-54-16-01a23287-4772-7b70-8e11-ba696ef046f6.jsonl',
      '.codex/sessions/2025/08/12/rollout-2025-08-12T14-03-11-5c0a2f3e-6f8d-4a43-8d43-0c4b7b2d9e10.jsonl',
      '.codex/sessions/2026/11/30/rollout-2026-11-30T06-54-22-01a22b3b-b35c-7c33-b8cd-80ea61c74018.jsonl.zst',
      `${day}/rollout-2026-12-01T17-14-28-01a23299-c5ce-71c0-a8d4-f0a3cf3ddf91.jsonl`,
      '.codex/sessions/rollout-2025-04-18-7f9f7e1c-8b1a-4a47-9d51-3c1f1f0e2a11.json'
    ])
    await normalizeEach(home, sessions)
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})

test('with CODEX_HOME set, its rollouts are taken and so are the TypeScript CLI’s in ~/.codex', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-codex-tool-'))
  try {
    await layOut(home, {
      'work/codex-home/sessions/2026/12/01/rollout-2026-12-01T17-14-28-01a23299-c5ce-71c0-a8d4-f0a3cf3ddf91.jsonl': {
        fixture: 'tui-0.150-compaction-reply/input.jsonl'
      },
      ...under('work/codex-home', besideRollouts),
      '.codex/sessions/rollout-2025-04-18-7f9f7e1c-8b1a-4a47-9d51-3c1f1f0e2a11.json': {
        fixture: 'ts-cli-json/input.json'
      },
      // Written by the Rust CLI before CODEX_HOME was set: that CLI no longer looks there, and neither does sync.
      '.codex/sessions/2025/08/12/rollout-2025-08-12T14-03-11-5c0a2f3e-6f8d-4a43-8d43-0c4b7b2d9e10.jsonl': {
        fixture: 'legacy-jsonl/input.jsonl'
      }
    })

    const sessions = await sessionFiles(home, folders(home, {CODEX_HOME: join(home, 'work', 'codex-home')}))
    assert.deepEqual(sessions, [
      '.codex/sessions/rollout-2025-04-18-7f9f7e1c-8b1a-4a47-9d51-3c1f1f0e2a11.json',
      'work/codex-home/sessions/2026/12/01/rollout-2026-12-01T17-14-28-01a23299-c5ce-71c0-a8d4-f0a3cf3ddf91.jsonl'
    ])
    await normalizeEach(home, sessions)
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})
