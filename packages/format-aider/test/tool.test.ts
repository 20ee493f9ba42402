import assert from 'node:assert/strict'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {Layout} from '../../../test/util/tool-home.js'
import {layOut as layOutFrom, sessionFiles} from '../../../test/util/tool-home.js'
import type {SessionFolder} from '@chatmark/core'
import {createNormalizer, inputFromPath} from '@chatmark/core'
import {aider} from '@chatmark/format-aider'

const tool = aider().tool

/** Lays out a home; fixtures are named from `packages/format-aider/fixtures/`. */
const layOut = (home: string, layout: Layout): Promise<void> =>
  layOutFrom(home, layout, 'packages/format-aider/fixtures/')
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []

test('the aider plugin names its tool Aider', () => {
  assert.equal(tool?.name, 'Aider')
})

test('Aider keeps its history in each project, so no folder is listed by default', () => {
  assert.deepEqual(folders('/home/ada'), [])
  assert.deepEqual(folders('C:\\Users\\Ada', {}, 'win32'), [])
})

test('an absolute AIDER_CHAT_HISTORY_FILE is one file for every project: its folder is listed for it alone', () => {
  assert.deepEqual(folders('/home/ada', {AIDER_CHAT_HISTORY_FILE: '/home/ada/notes/.aider.chat.history.md'}), [
    {path: '/home/ada/notes', patterns: ['.aider.chat.history.md'], setBy: 'AIDER_CHAT_HISTORY_FILE'}
  ])
  assert.deepEqual(folders('C:\\Users\\Ada', {AIDER_CHAT_HISTORY_FILE: 'D:\\aider\\history (all).md'}, 'win32'), [
    {path: 'D:\\aider', patterns: ['history \\(all\\).md'], setBy: 'AIDER_CHAT_HISTORY_FILE'}
  ])
})

test('a relative or empty AIDER_CHAT_HISTORY_FILE lists nothing: it is taken from each project', () => {
  assert.deepEqual(folders('/home/ada', {AIDER_CHAT_HISTORY_FILE: 'history.md'}), [])
  assert.deepEqual(folders('/home/ada', {AIDER_CHAT_HISTORY_FILE: ''}), [])
})

test('the pattern takes the hidden history file it names, and not the input history beside it', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-aider-tool-'))
  try {
    await layOut(home, {
      'notes/.aider.chat.history.md': {fixture: 'from-source/input.md'},
      'notes/.aider.input.history': '\n# 2026-12-01 10:00:00.000000\n+hello\n',
      'notes/.aider.tags.cache.v4/cache.db': ''
    })
    const found = folders(home, {AIDER_CHAT_HISTORY_FILE: join(home, 'notes', '.aider.chat.history.md')})
    const sessions = await sessionFiles(home, found)
    assert.deepEqual(sessions, ['notes/.aider.chat.history.md'])
    const {conversations} = await createNormalizer({formats: [aider()]}).normalize(
      await inputFromPath(join(home, 'notes', '.aider.chat.history.md'))
    )
    assert.equal(conversations.length, 2)
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})
