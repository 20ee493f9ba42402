import assert from 'node:assert/strict'
import {mkdir, mkdtemp, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {SyncOutput} from '../../../test/util/run-sync.js'
import {runSyncHere as runSync} from '../../../test/util/run-sync.js'

// The arguments and the config file of `chatmark sync`; what a sync does is tested in test/vault.

const sync = (argv: string[], cwd: string): Promise<SyncOutput> => runSync(argv, {home: cwd})

const place = (): Promise<string> => mkdtemp(join(tmpdir(), 'chatmark-sync-args-'))

test('--help prints the sync usage; a missing vault, an unknown option or a bad value is a usage error', async () => {
  const dir = await place()
  const help = await sync(['--help'], dir)
  assert.equal(help.code, 0)
  assert.match(help.stdout, /^Usage: chatmark sync VAULT \[FILE\|FOLDER\.\.\.\] \[options\]/)
  const usage = /\nTry `chatmark sync --help`\.\n$/
  for (const [argv, reason] of [
    [[], /name the notes folder: chatmark sync VAULT/],
    [['vault', '--colour'], /unknown option '--colour'/],
    [['vault', '--until', '2026-13'], /--until takes a day as YYYY-MM-DD, not `2026-13`/],
    [['vault', '--profile', 'word'], /--profile is obsidian or gfm, not word/],
    [['vault', '--project', ''], /--project needs a value/]
  ] as const) {
    const run = await sync([...argv], dir)
    assert.equal(run.code, 2, argv.join(' '))
    assert.match(run.stderr, reason)
    assert.match(run.stderr, usage)
  }
})

test('the vault’s config file is checked: YAML, a mapping, a list of sources, a template, a profile', async () => {
  const dir = await place()
  const config = join(dir, 'vault', '.chatmark', 'config.yaml')
  await mkdir(join(dir, 'vault', '.chatmark'), {recursive: true})
  for (const [text, reason] of [
    ['sources: [', /config\.yaml is not valid YAML/],
    ['- a list', /config\.yaml: expected a mapping/],
    ['template: 3', /config\.yaml: template must be text/],
    ['profile: word', /config\.yaml: profile is obsidian or gfm/]
  ] as const) {
    await writeFile(config, text)
    const run = await sync(['vault', '--no-defaults'], dir)
    assert.equal(run.code, 2, text)
    assert.match(run.stderr, reason)
  }
  // An empty config, and a folder where the config file would be, are no config.
  await writeFile(config, '')
  assert.equal((await sync(['vault', '--no-defaults'], dir)).code, 0)
})

test('a named input that cannot be read is reported and the exit status says so; the rest is synced', async () => {
  const dir = await place()
  const run = await sync(['vault', '--no-defaults', '--quiet', 'missing.jsonl'], dir)
  assert.equal(run.code, 1)
  assert.match(run.stderr, /^missing\.jsonl: no such file or folder\n/)
  assert.match(run.stderr, /0 new, 0 updated, 0 unchanged, 0 renamed, 0 kept because edited, 0 failed\n$/)
})
