import {execFile} from 'node:child_process'
import {existsSync} from 'node:fs'
import {mkdtemp, readdir, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {promisify} from 'node:util'
import type {TestProject} from 'vitest/node'
import type {InstalledPackage} from '../util/installed.js'

const run = promisify(execFile)
const cliPackage = fileURLToPath(new URL('../../packages/cli/', import.meta.url))

/**
 * vitest's global setup: packs `packages/cli` as `npm pack` does for a
 * release and installs the tarball with `npm install -g` into an empty
 * temporary prefix, once per run, for the tests that run what ships
 * (`../util/installed.ts`). The prefix is removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Every project of the run gets the setup of the root config: one install serves them all.
  const shared = globalThis as {chatmarkInstall?: Promise<Install>}
  shared.chatmarkInstall ??= installPackage()
  const {installed, users} = await shared.chatmarkInstall
  users.count++
  project.provide('installedPackage', installed)
  return async () => {
    if (--users.count === 0) await rm(dirname(installed.prefix), {recursive: true, force: true})
  }
}

/** The package installed for the run, and how many projects still use it. */
interface Install {
  installed: InstalledPackage
  users: {count: number}
}

async function installPackage(): Promise<Install> {
  if (!existsSync(join(cliPackage, 'dist/bundle/chatmark.js'))) {
    throw new Error(`${cliPackage}dist/bundle is missing: build first (npx -y pnpm@10 build)`)
  }
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-installed-'))
  const npm = (args: string[], cwd: string) =>
    run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {cwd, env: npmEnvironment()})
  await npm(['pack', '--pack-destination', dir], cliPackage)
  const tarball = (await readdir(dir)).find((name) => name.endsWith('.tgz'))
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${dir}`)
  const prefix = join(dir, 'prefix')
  await npm(['install', '--global', '--prefix', prefix, '--prefer-offline', join(dir, tarball)], dir)
  const installed: InstalledPackage = {
    tarball: join(dir, tarball),
    prefix,
    bin: join(prefix, 'bin', 'chatmark'),
    packageRoot: join(prefix, 'lib', 'node_modules', 'chatmark')
  }
  return {installed, users: {count: 0}}
}

/** npm as a user runs it: not the workspace's pnpm settings that the test runner's environment carries. */
function npmEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_PATH' || /^(npm|pnpm)_/i.test(key)) continue
    env[key] = value
  }
  return env
}
