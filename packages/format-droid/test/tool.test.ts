import assert from 'node:assert/strict'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {layOut as layOutFrom, sessionFiles} from '../../../test/util/tool-home.js'
import type {SessionFolder} from '@chatmark/core'
import {droid} from '@chatmark/format-droid'

const tool = droid().tool
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
const patterns = ['*.jsonl', '*/*.jsonl']

test('the droid plugin names its tool Factory Droid, slug droid', () => {
  assert.deepEqual([tool?.name, tool?.slug], ['Factory Droid', 'droid'])
})

test('Droid keeps its sessions in ~/.factory/sessions on Linux, macOS and Windows', () => {
  assert.deepEqual(folders('/home/ada'), [{path: '/home/ada/.factory/sessions', patterns}])
  assert.deepEqual(folders('/Users/ada', {}, 'darwin'), [{path: '/Users/ada/.factory/sessions', patterns}])
  assert.deepEqual(folders('C:\\Users\\Ada', {}, 'win32'), [{path: 'C:\\Users\\Ada\\.factory\\sessions', patterns}])
})

test("FACTORY_HOME_OVERRIDE takes the home folder's place, and says so; FACTORY_HOME does nothing", () => {
  assert.deepEqual(folders('/home/ada', {FACTORY_HOME_OVERRIDE: '/srv/droid'}), [
    {path: '/srv/droid/.factory/sessions', patterns, setBy: 'FACTORY_HOME_OVERRIDE'}
  ])
  assert.deepEqual(folders('C:\\Users\\Ada', {FACTORY_HOME_OVERRIDE: 'D:\\droid'}, 'win32'), [
    {path: 'D:\\droid\\.factory\\sessions', patterns, setBy: 'FACTORY_HOME_OVERRIDE'}
  ])
  assert.deepEqual(folders('/home/ada', {FACTORY_HOME: '/srv/droid'}), [
    {path: '/home/ada/.factory/sessions', patterns}
  ])
})

test("sessions by folder and flat are found; a session's settings are its companion, not an input", async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-droid-tool-'))
  try {
    await layOutFrom(
      home,
      {
        '.factory/sessions/-home-ada-p/ceef34da.jsonl': {fixture: 'exec-0.215/input.jsonl'},
        '.factory/sessions/-home-ada-p/ceef34da.settings.json': {fixture: 'exec-0.215/input.settings.json'},
        '.factory/sessions/-home-ada-p/ceef34da.settings.json.bak': {fixture: 'exec-0.215/input.settings.json'},
        '.factory/sessions/10c91459.jsonl': {fixture: 'read-error-0.215/input.jsonl'},
        '.factory/cache/session-discovery-index.json': '{"version":5}\n'
      },
      'packages/format-droid/fixtures/'
    )
    assert.deepEqual(await sessionFiles(home, folders(home)), [
      '.factory/sessions/-home-ada-p/ceef34da.jsonl',
      '.factory/sessions/10c91459.jsonl'
    ])
    const session = join(home, '.factory/sessions/-home-ada-p/ceef34da.jsonl')
    assert.deepEqual(await tool?.companions?.(session), [
      join(home, '.factory/sessions/-home-ada-p/ceef34da.settings.json')
    ])
    assert.deepEqual(await tool?.companions?.(join(home, '.factory/sessions/10c91459.jsonl')), [])
    const siblings = new Set(['ceef34da.jsonl', 'ceef34da.settings.json', 'ceef34da.settings.json.bak'])
    for (const name of ['ceef34da.settings.json', 'ceef34da.settings.json.bak']) {
      const of = await tool?.companionOf?.(join(home, '.factory/sessions/-home-ada-p', name), siblings)
      assert.equal(of?.input, session)
    }
    assert.equal(await tool?.companionOf?.(join(home, 'x.settings.json'), new Set(['x.settings.json'])), undefined)
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})
