import assert from 'node:assert/strict'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {Layout} from '../../../test/util/tool-home.js'
import {layOut as layOutFrom, sessionFiles} from '../../../test/util/tool-home.js'
import type {SessionFolder} from '@chatmark/core'
import {createNormalizer, inputFromFolder, toolOf} from '@chatmark/core'
import {cline} from '@chatmark/format-cline'

const tool = cline().tool
const layOut = (home: string, layout: Layout): Promise<void> => layOutFrom(home, layout, 'packages/')
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
const extensionIds = ['saoudrizwan.claude-dev', 'rooveterinaryinc.roo-cline', 'kilocode.kilo-code']
const taskPatterns = ['*/api_conversation_history.json', '*/ui_messages.json']

test('the cline plugin names Cline, and Roo Code and Kilo Code by their variants', () => {
  assert.equal(tool?.name, 'Cline')
  assert.equal(tool?.slug, 'cline')
  assert.deepEqual(tool?.variants?.['roo-code'], {name: 'Roo Code', slug: 'roo-code'})
  assert.deepEqual(tool?.variants?.['kilo-code'], {name: 'Kilo Code', slug: 'kilo-code'})
  const formats = [cline()]
  assert.equal(toolOf(formats, {format: 'cline', variant: 'kilo-code'})?.name, 'Kilo Code')
  assert.equal(toolOf(formats, {format: 'cline', variant: 'cline-sdk'})?.name, 'Cline')
})

test('the SDK store follows CLINE_SESSION_DATA_DIR, then CLINE_DATA_DIR, then CLINE_DIR, then ~/.cline', () => {
  const sdk = (env: Record<string, string>): SessionFolder | undefined => folders('/home/ada', env)[0]
  const store = {patterns: ['*/*.messages.json'], input: 'folder'}
  assert.deepEqual(sdk({}), {path: '/home/ada/.cline/data/sessions', ...store})
  assert.deepEqual(sdk({CLINE_DIR: '/srv/cline'}), {path: '/srv/cline/data/sessions', ...store, setBy: 'CLINE_DIR'})
  assert.deepEqual(sdk({CLINE_DIR: '/srv/cline', CLINE_DATA_DIR: '/srv/data'}), {
    path: '/srv/data/sessions',
    ...store,
    setBy: 'CLINE_DATA_DIR'
  })
  assert.deepEqual(sdk({CLINE_DATA_DIR: '/srv/data', CLINE_SESSION_DATA_DIR: '/srv/s'}), {
    path: '/srv/s',
    ...store,
    setBy: 'CLINE_SESSION_DATA_DIR'
  })
  // A relative value depends on where the CLI started: left out.
  assert.deepEqual(sdk({CLINE_SESSION_DATA_DIR: 'sessions'}), {path: '/home/ada/.cline/data/sessions', ...store})
})

test('the extensions keep task folders under each editor`s globalStorage, on Linux, macOS and Windows', () => {
  const paths = (home: string, env: Record<string, string>, platform: string): string[] =>
    folders(home, env, platform).map((folder) => folder.path)
  const linux = paths('/home/ada', {}, 'linux')
  assert.ok(linux.includes('/home/ada/.cline/data/tasks'), 'Cline CLI 2.x tasks')
  for (const id of extensionIds) {
    for (const user of ['.config/Code', '.config/Code - Insiders', '.config/VSCodium', '.config/Cursor']) {
      assert.ok(linux.includes(`/home/ada/${user}/User/globalStorage/${id}/tasks`), `${user} ${id}`)
    }
    assert.ok(linux.includes(`/home/ada/.vscode-server/data/User/globalStorage/${id}/tasks`))
  }
  assert.ok(
    paths('/Users/ada', {}, 'darwin').includes(
      '/Users/ada/Library/Application Support/Windsurf/User/globalStorage/saoudrizwan.claude-dev/tasks'
    )
  )
  const windows = folders('C:\\Users\\Ada', {APPDATA: 'D:\\Roaming'}, 'win32')
  const code = windows.find(
    (folder) => folder.path === 'D:\\Roaming\\Code\\User\\globalStorage\\kilocode.kilo-code\\tasks'
  )
  // Kilo Code's tasks are filed under Kilo Code.
  assert.deepEqual(code, {
    path: code?.path,
    patterns: taskPatterns,
    input: 'folder',
    setBy: 'APPDATA',
    variant: 'kilo-code'
  })
  assert.ok(
    paths('C:\\Users\\Ada', {}, 'win32').includes(
      'C:\\Users\\Ada\\AppData\\Roaming\\Code\\User\\globalStorage\\rooveterinaryinc.roo-cline\\tasks'
    )
  )
  const moved = folders('/home/ada', {XDG_CONFIG_HOME: '/cfg', VSCODE_PORTABLE: '/opt/code/data'}, 'linux')
  assert.ok(moved.some((folder) => folder.path.startsWith('/cfg/Code/User/') && folder.setBy === 'XDG_CONFIG_HOME'))
  assert.ok(moved.some((folder) => folder.path.startsWith('/opt/code/data/user-data/User/')))
})

test('sync takes each tasks/ and sessions/ folder as one input and reads every task in it', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-cline-tool-'))
  try {
    const task = 'format-cline/fixtures/extension-3.51-task/input/saoudrizwan.claude-dev/tasks/1769064454592'
    const kilo =
      'format-cline/fixtures/kilo-legacy-xml/input/kilocode.kilo-code/tasks/0b6f7c1e-4d2a-4f51-9c1e-2f7d3f0a9b11'
    const session = 'format-cline/fixtures/sdk-cli-3.0.65/input/1796570811548_weil4'
    const storage = '.config/Code/User/globalStorage'
    await layOut(home, {
      [`${storage}/saoudrizwan.claude-dev/tasks/1769064454592/api_conversation_history.json`]: {
        fixture: `${task}/api_conversation_history.json`
      },
      [`${storage}/saoudrizwan.claude-dev/tasks/1769064454592/ui_messages.json`]: {fixture: `${task}/ui_messages.json`},
      [`${storage}/saoudrizwan.claude-dev/tasks/1769064454592/task_metadata.json`]: {
        fixture: `${task}/task_metadata.json`
      },
      [`${storage}/saoudrizwan.claude-dev/state/taskHistory.json`]: '[]\n',
      [`${storage}/kilocode.kilo-code/tasks/k1/api_conversation_history.json`]: {
        fixture: `${kilo}/api_conversation_history.json`
      },
      '.cline/data/sessions/1796570811548_weil4/1796570811548_weil4.json': {
        fixture: `${session}/1796570811548_weil4.json`
      },
      '.cline/data/sessions/1796570811548_weil4/1796570811548_weil4.messages.json': {
        fixture: `${session}/1796570811548_weil4.messages.json`
      },
      '.cline/data/settings/providers.json': '{}\n'
    })
    const inputs = await sessionFiles(home, folders(home))
    assert.deepEqual(inputs, [
      '.cline/data/sessions',
      `${storage}/kilocode.kilo-code/tasks`,
      `${storage}/saoudrizwan.claude-dev/tasks`
    ])
    const variants: string[] = []
    for (const input of inputs) {
      const {conversations} = await createNormalizer({formats: [cline()]}).normalize(
        await inputFromFolder(join(home, input))
      )
      variants.push(...conversations.map((conversation) => String(conversation.source.variant)))
    }
    assert.deepEqual(variants, ['cline-sdk', 'kilo-code', 'cline'])
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})

test('a task file beside the one read with it is its companion, as the SDK manifest is', async () => {
  const of = tool?.companionOf
  assert.ok(of)
  const task = new Set(['api_conversation_history.json', 'ui_messages.json', 'task_metadata.json'])
  assert.equal((await of('/t/1/ui_messages.json', task))?.input, '/t/1/api_conversation_history.json')
  assert.equal((await of('/t/1/task_metadata.json', task))?.input, '/t/1/api_conversation_history.json')
  assert.equal(await of('/t/1/api_conversation_history.json', task), undefined)
  assert.equal(await of('/t/1/ui_messages.json', new Set(['ui_messages.json'])), undefined)
  const session = new Set(['a.json', 'a.messages.json', 'a.compaction.json'])
  assert.equal((await of('/s/a/a.json', session))?.input, '/s/a/a.messages.json')
  assert.equal((await of('/s/a/a.compaction.json', session))?.input, '/s/a/a.messages.json')
  assert.equal(await of('/s/a/a.messages.json', session), undefined)
})
