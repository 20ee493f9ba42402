import assert from 'node:assert/strict'
import {existsSync} from 'node:fs'
import {cp, lstat, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {basename, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, beforeAll, test} from 'vitest'
import type {InstalledRun} from '../util/installed.js'
import {installedPackage} from '../util/installed.js'
import {personEnvironment, runDocLine} from '../util/doc-run.js'
import {shellBlocks} from '../util/shell-blocks.js'

// The example format plugin (examples/custom-format) as its author has it: a package of its own, outside the
// workspace, that depends on the `chatmark` tarball by a `file:` path, as docs/format-plugins.md tells authors to.
// A copy of it, its dependency pointed at this run's tarball, runs every command of its README here: the
// install from the tarball, its own tests (node:test and the installed chatmark/test-kit), and the installed
// `chatmark --use` of it. Nothing in the workspace can stand in for the package.

const example = fileURLToPath(new URL('../../examples/custom-format/', import.meta.url))
const readme = join(example, 'README.md')
/** The dependency the example's package.json declares: the tarball the README's "Use" makes, by path. */
const declared = 'file:../../packages/cli/chatmark-0.1.0.tgz'

let folder: string

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'chatmark-example-plugin-'))
  // What a clone has: not an earlier `npm install` of the example in this repository.
  await cp(example, folder, {
    recursive: true,
    filter: (source) => !['node_modules', 'package-lock.json'].includes(basename(source))
  })
})

afterAll(async () => {
  await rm(folder, {recursive: true, force: true})
})

/** What each README command must do here, by the command (its comment left out), in the README's order. */
const checks: Record<string, (run: InstalledRun) => Promise<void> | void> = {
  'npm install --no-audit --no-fund': async (run) => {
    assert.equal(run.code, 0, run.stderr)
    const installed = join(folder, 'node_modules/chatmark')
    // Unpacked from the tarball: a folder of its own, not a link into the repository.
    assert.ok((await lstat(installed)).isDirectory())
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as {version: string}
    assert.equal(`chatmark-${manifest.version}.tgz`, basename(installedPackage().tarball))
    assert.ok(existsSync(join(installed, 'dist/types/test-kit.d.ts')))
  },
  'node --test': (run) => {
    assert.equal(run.code, 0, run.stdout + run.stderr)
    // The detection matrix and one golden check per fixture (basic, stray-lines).
    assert.match(run.stdout, /^# tests 3$/m)
    assert.match(run.stdout, /^# pass 3$/m)
  },
  'UPDATE_GOLDEN=1 node --test': async (run) => {
    assert.equal(run.code, 0, run.stdout + run.stderr)
    // Rewriting the reviewed notes from the installed package writes what was reviewed.
    for (const file of ['basic/output.md', 'stray-lines/output.md', 'stray-lines/messages.txt']) {
      const path = `test/fixtures/${file}`
      assert.equal(await readFile(join(folder, path), 'utf8'), await readFile(join(example, path), 'utf8'), path)
    }
  },
  'chatmark --use ./irc-format.js sample.irclog': (run) => {
    assert.equal(run.code, 0, run.stderr)
    assert.match(run.stdout, /^---\ntitle: has anyone tried the new \*parser\*\? \(09:14\)\nsource:\n {2}format: irc\n/)
    assert.match(run.stdout, /^## bob\n\nyes, it streams: `chatmark big\.jsonl` \(09:15\)$/m)
  },
  'chatmark --use ./irc-format.js --explain sample.irclog': (run) => {
    assert.equal(run.code, 0, run.stderr)
    assert.match(run.stdout, /^→ irc +certain +all 3 lines are "\[hh:mm\] <nick> message"$/m)
    assert.match(run.stdout, /^ {2}plaintext +none /m)
  }
}

test('every command of the example’s README is run and checked here, in its order', () => {
  const commands = shellBlocks(readme).flatMap((block) => block.commands.map((command) => command.command))
  assert.deepEqual(commands, Object.keys(checks))
})

test('the example package installs chatmark from its tarball by path', async () => {
  const path = join(folder, 'package.json')
  const manifest = JSON.parse(await readFile(path, 'utf8')) as {devDependencies: Record<string, string>}
  assert.deepEqual(manifest.devDependencies, {chatmark: declared})
  assert.equal(basename(declared), basename(installedPackage().tarball))
  // The same dependency, at the tarball this run packed: from the copy, the declared relative path leads nowhere.
  manifest.devDependencies['chatmark'] = `file:${installedPackage().tarball}`
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`)
})

for (const {line, text, command} of shellBlocks(readme).flatMap((block) => block.commands)) {
  test(`examples/custom-format/README.md:${line}: ${command}`, {timeout: 180_000}, async () => {
    const check = checks[command]
    assert.ok(check, `no check for \`${command}\``)
    // `--prefer-offline`: npm takes the tarball's dependencies (type packages) from its cache when it has them.
    const env = {...personEnvironment(), npm_config_prefer_offline: 'true'}
    await check(await runDocLine(text, {cwd: folder, env}))
  })
}
