import assert from 'node:assert/strict'
import {mkdir, mkdtemp, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {configSources} from '../src/sync/config-sources.js'

test('a config source is read in the vault or a tool folder, links resolved; outside only when allowed', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-config-sources-'))
  const vault = join(home, 'notes')
  const tool = join(home, '.codex', 'sessions')
  await mkdir(join(vault, '..hidden-but-inside'), {recursive: true})
  await mkdir(tool, {recursive: true})
  await writeFile(join(home, '.netrc'), 'secret')
  await symlink(join(home, '.netrc'), join(vault, 'link'))
  await symlink(vault, join(home, 'vault-link'))
  const sources = [
    'exports/a.json',
    '..hidden-but-inside',
    '~/.codex/sessions/2026',
    'not-there-yet.json',
    '~/.netrc',
    '../.netrc',
    'link',
    '~',
    join(home, 'notes-sibling')
  ]
  const context = {vault: join(home, 'vault-link'), home, toolFolders: [tool], allow: false}
  const {paths, refused} = await configSources(sources, context)
  assert.deepEqual(paths, [
    join(home, 'vault-link', 'exports/a.json'),
    join(home, 'vault-link', '..hidden-but-inside'),
    join(tool, '2026'),
    join(home, 'vault-link', 'not-there-yet.json')
  ])
  assert.deepEqual(
    refused.map((entry) => entry.source),
    ['~/.netrc', '../.netrc', 'link', '~', join(home, 'notes-sibling')]
  )
  const allowed = await configSources(sources, {...context, allow: true})
  assert.equal(allowed.paths.length, sources.length)
  assert.deepEqual(allowed.refused, [])
})
