import assert from 'node:assert/strict'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {Layout} from '../../../test/util/tool-home.js'
import {layOut as layOutFrom, sessionFiles} from '../../../test/util/tool-home.js'
import type {SessionFolder} from '@chatmark/core'
import {createNormalizer, inputFromPath} from '@chatmark/core'
import {continueCli} from '@chatmark/format-continue'

const tool = continueCli().tool

/** Lays out a home; fixtures are named from `packages/format-continue/fixtures/`. */
const layOut = (home: string, layout: Layout): Promise<void> =>
  layOutFrom(home, layout, 'packages/format-continue/fixtures/')
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
const defaults = {patterns: ['*.json'], ignore: ['sessions.json']}

test('the continue plugin names its tool Continue', () => {
  assert.equal(tool?.name, 'Continue')
})

test('Continue keeps its sessions in ~/.continue/sessions by default', () => {
  assert.deepEqual(folders('/home/ada'), [{path: '/home/ada/.continue/sessions', ...defaults}])
  assert.deepEqual(folders('/Users/ada', {}, 'darwin'), [{path: '/Users/ada/.continue/sessions', ...defaults}])
  assert.deepEqual(folders('C:\\Users\\Ada', {}, 'win32'), [{path: 'C:\\Users\\Ada\\.continue\\sessions', ...defaults}])
})

test('CONTINUE_GLOBAL_DIR moves the folder, and says so', () => {
  assert.deepEqual(folders('/home/ada', {CONTINUE_GLOBAL_DIR: '/srv/continue'}), [
    {path: '/srv/continue/sessions', ...defaults, setBy: 'CONTINUE_GLOBAL_DIR'}
  ])
  assert.deepEqual(folders('C:\\Users\\Ada', {CONTINUE_GLOBAL_DIR: 'D:\\continue'}, 'win32'), [
    {path: 'D:\\continue\\sessions', ...defaults, setBy: 'CONTINUE_GLOBAL_DIR'}
  ])
})

test('an empty or relative CONTINUE_GLOBAL_DIR is left out: where it points depends on where the CLI started', () => {
  const standard = [{path: '/home/ada/.continue/sessions', ...defaults}]
  assert.deepEqual(folders('/home/ada', {CONTINUE_GLOBAL_DIR: ''}), standard)
  assert.deepEqual(folders('/home/ada', {CONTINUE_GLOBAL_DIR: '.continue-test'}), standard)
})

test('the patterns take the sessions Continue wrote, and neither sessions.json nor the files beside them', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-continue-tool-'))
  try {
    await layOut(home, {
      '.continue/sessions/ceb6e4bd-5e2a-42d0-ac5f-0d2ba7f81dc1.json': {fixture: 'headless-tools/input.json'},
      '.continue/sessions/047d8101-72de-4e21-8507-88f2c0657382.json': {fixture: 'tool-error/input.json'},
      '.continue/sessions/0384e3dd-f646-45c6-9b1a-e74e3a2762fc.json': {fixture: 'tui-compacted/input.json'},
      '.continue/sessions/sessions.json': {fixture: 'sessions-index/input.json'},
      '.continue/config.yaml': 'name: Local Assistant\nversion: 1.0.0\nschema: v1\n',
      '.continue/logs/cn.log': '[info] Session saved\n',
      '.continue/index/globalContext.json': '{}\n'
    })

    const sessions = await sessionFiles(home, folders(home))
    assert.deepEqual(sessions, [
      '.continue/sessions/0384e3dd-f646-45c6-9b1a-e74e3a2762fc.json',
      '.continue/sessions/047d8101-72de-4e21-8507-88f2c0657382.json',
      '.continue/sessions/ceb6e4bd-5e2a-42d0-ac5f-0d2ba7f81dc1.json'
    ])
    for (const session of sessions) {
      const {conversations} = await createNormalizer({formats: [continueCli()]}).normalize(
        await inputFromPath(join(home, session))
      )
      assert.equal(conversations.length, 1, session)
    }
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})
