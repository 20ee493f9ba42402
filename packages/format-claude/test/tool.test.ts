import assert from 'node:assert/strict'
import {mkdir, mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {Layout} from '../../../test/util/tool-home.js'
import {layOut as layOutFrom, sessionFiles} from '../../../test/util/tool-home.js'
import type {SessionFolder} from '@chatmark/core'
import {createNormalizer, inputFromPath} from '@chatmark/core'
import {claude} from '@chatmark/format-claude'

const tool = claude().tool

/** Lays out a home; fixtures are named from `packages/format-claude/fixtures/claude-code/`. */
const layOut = (home: string, layout: Layout): Promise<void> =>
  layOutFrom(home, layout, 'packages/format-claude/fixtures/claude-code/')
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
const defaults = {patterns: ['*/*.jsonl'], ignore: ['*/agent-*.jsonl']}

test('the claude plugin names its tool Claude Code', () => {
  assert.equal(tool?.name, 'Claude Code')
})

test('Claude Code keeps its sessions under ~/.claude/projects by default', () => {
  assert.deepEqual(folders('/home/ada'), [{path: '/home/ada/.claude/projects', ...defaults}])
  assert.deepEqual(folders('/Users/ada', {}, 'darwin'), [{path: '/Users/ada/.claude/projects', ...defaults}])
})

test('on Windows the folder is joined with backslashes under %USERPROFILE%', () => {
  assert.deepEqual(folders('C:\\Users\\Ada', {}, 'win32'), [{path: 'C:\\Users\\Ada\\.claude\\projects', ...defaults}])
  assert.deepEqual(folders('C:\\Users\\Ada', {CLAUDE_CONFIG_DIR: 'D:\\claude'}, 'win32'), [
    {path: 'D:\\claude\\projects', ...defaults, setBy: 'CLAUDE_CONFIG_DIR'}
  ])
})

test('CLAUDE_CONFIG_DIR moves the folder, and says so', () => {
  assert.deepEqual(folders('/home/ada', {CLAUDE_CONFIG_DIR: '/srv/claude/'}), [
    {path: '/srv/claude/projects', ...defaults, setBy: 'CLAUDE_CONFIG_DIR'}
  ])
})

test('an empty or relative CLAUDE_CONFIG_DIR is left out: where it points depends on where the CLI started', () => {
  assert.deepEqual(folders('/home/ada', {CLAUDE_CONFIG_DIR: ''}), [{path: '/home/ada/.claude/projects', ...defaults}])
  assert.deepEqual(folders('/home/ada', {CLAUDE_CONFIG_DIR: 'claude-config'}), [
    {path: '/home/ada/.claude/projects', ...defaults}
  ])
})

test('the patterns take the sessions Claude Code 2.0 and 2.1 wrote, and none of the files beside them', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-claude-tool-'))
  try {
    // The projects' folder names are the ones the CLI made of the scratch project paths (see the PROVENANCE files).
    const v21 = '.claude/projects/-tmp-subagent-prod-work-run-fixture-2-1-332-demo-project'
    const v20 = '.claude/projects/-tmp-subagent-prod-work-run-2-0-77-demo-project'
    const session21 = '5b03b5b9-3e60-41c3-9ae1-8cf0307eea18'
    const subagents = `${session21}/subagents`
    const layout: Layout = {
      [`${v21}/${session21}.jsonl`]: {fixture: 'real-2.1-subagent-files/input.jsonl'},
      [`${v20}/2a295142-1cf7-4bc3-99f8-006a8c7e8f4b.jsonl`]: {fixture: 'real-2.0-agent-files/input.jsonl'},
      '.claude/settings.json': '{}\n',
      '.claude/history.jsonl': '{"display":"hi","project":"/tmp/demo-project"}\n',
      [`.claude/todos/${session21}-agent-${session21}.json`]: '[]\n',
      [`.claude/file-history/${session21}/0a1b2c3d4e5f6a7b@v1`]: 'notes\n',
      '.claude.json': '{"hasCompletedOnboarding":true}\n'
    }
    for (const agent of ['a0b6bb040a04515a6', 'a6818f4ea85c1750b', 'a6eedfc15cf943402', 'ac1551aa8ec0803de']) {
      for (const file of [`agent-${agent}.jsonl`, `agent-${agent}.meta.json`]) {
        layout[`${v21}/${subagents}/${file}`] = {fixture: `real-2.1-subagent-files/${subagents}/${file}`}
      }
    }
    for (const agent of ['a1994ed', 'a413daa', 'a62dfc8', 'a71b047', 'aa50cad', 'ab004f5', 'acbec0d']) {
      layout[`${v20}/agent-${agent}.jsonl`] = {fixture: `real-2.0-agent-files/agent-${agent}.jsonl`}
    }
    await layOut(home, layout)
    await mkdir(join(home, ...`${v21}/${session21}/memory`.split('/')), {recursive: true})

    const sessions = await sessionFiles(home, folders(home))
    assert.deepEqual(sessions, [`${v20}/2a295142-1cf7-4bc3-99f8-006a8c7e8f4b.jsonl`, `${v21}/${session21}.jsonl`])
    for (const session of sessions) {
      const {conversations} = await createNormalizer({formats: [claude()]}).normalize(
        await inputFromPath(join(home, session))
      )
      assert.equal(conversations.length, 1, session)
    }
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})
