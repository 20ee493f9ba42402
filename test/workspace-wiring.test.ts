import assert from 'node:assert/strict'
import {execFile} from 'node:child_process'
import {existsSync} from 'node:fs'
import {cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {promisify} from 'node:util'
import {afterAll, test} from 'vitest'
import {
  coverageFloor,
  defaultCoverageFloor,
  formatPackages,
  wiredFiles,
  workspacePackages
} from '../scripts/workspace.js'

const repoRoot = fileURLToPath(new URL('../', import.meta.url))
const run = promisify(execFile)

test('the files that name every package are as scripts/wire-workspace.js writes them', async () => {
  for (const [path, text] of wiredFiles(repoRoot))
    assert.equal(
      await readFile(join(repoRoot, path), 'utf8'),
      text,
      `${path} is stale: run \`node scripts/wire-workspace.js\`, then \`npx -y pnpm@10 install\``
    )
})

test('the command can import every format package it bundles', () => {
  for (const pkg of formatPackages(repoRoot))
    assert.ok(
      existsSync(join(repoRoot, 'packages/cli/node_modules', pkg.name, 'package.json')),
      `${pkg.name} is not linked into packages/cli: run \`npx -y pnpm@10 install\``
    )
})

test('a coverage floor is the package’s own where it declares one, the default elsewhere', () => {
  const [codex] = workspacePackages(repoRoot).filter((pkg) => pkg.dir === 'format-codex')
  assert.ok(codex)
  assert.deepEqual(coverageFloor(codex), {lines: 98, branches: 84, functions: 99, statements: 96})
  const partial = {dir: 'format-x', name: '@chatmark/format-x', manifest: {coverageFloor: {branches: 70}}}
  assert.deepEqual(coverageFloor(partial), {...defaultCoverageFloor, branches: 70})
  assert.deepEqual(coverageFloor({...partial, manifest: {}}), defaultCoverageFloor)
  assert.throws(
    () => coverageFloor({...partial, manifest: {coverageFloor: {lines: '95'}}}),
    /^Error: packages\/format-x\/package\.json: coverageFloor\.lines must be a percentage \(got 95\)$/
  )
})

const scratchCopies: string[] = []
afterAll(async () => {
  for (const dir of scratchCopies) await rm(dir, {recursive: true, force: true})
})

/**
 * The workspace's wiring in a temporary folder: the configurations, the scripts and every package's package.json
 * and tsconfig.json, with the repository's node_modules (for `vitest/config`).
 */
async function workspaceCopy(): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'chatmark-wiring-'))
  scratchCopies.push(copy)
  // The config and what it imports: the workspace's wiring and the test run's setup.
  for (const file of ['tsconfig.json', 'vitest.config.ts', 'scripts', 'test/setup'])
    await cp(join(repoRoot, file), join(copy, file), {recursive: true})
  await symlink(join(repoRoot, 'node_modules'), join(copy, 'node_modules'))
  for (const pkg of workspacePackages(repoRoot)) {
    await mkdir(join(copy, 'packages', pkg.dir), {recursive: true})
    for (const file of ['package.json', 'tsconfig.json'])
      await cp(join(repoRoot, 'packages', pkg.dir, file), join(copy, 'packages', pkg.dir, file))
  }
  return copy
}

test('a new format package is wired in by the script and picked up by the test run, with no other edit', async () => {
  const copy = await workspaceCopy()
  const before = new Map(
    await Promise.all(
      ['tsconfig.json', 'packages/cli/package.json', 'packages/cli/tsconfig.json'].map(
        async (path) => [path, await readFile(join(copy, path), 'utf8')] as const
      )
    )
  )
  const scratch = join(copy, 'packages/format-scratch')
  await mkdir(scratch)
  await writeFile(
    join(scratch, 'package.json'),
    `${JSON.stringify({name: '@chatmark/format-scratch', dependencies: {'@chatmark/core': 'workspace:*'}}, null, 2)}\n`
  )
  await cp(join(repoRoot, 'packages/format-qwen/tsconfig.json'), join(scratch, 'tsconfig.json'))

  const script = join(copy, 'scripts/wire-workspace.js')
  const stale = await run(process.execPath, [script, '--check']).then(
    () => assert.fail('--check passed with a package not wired in'),
    (error: {code: number; stderr: string}) => error
  )
  assert.equal(stale.code, 1)
  assert.equal(
    stale.stderr,
    'Stale: packages/cli/package.json, packages/cli/tsconfig.json. ' +
      'Run `node scripts/wire-workspace.js`, then `npx -y pnpm@10 install`.\n'
  )
  assert.equal(
    (await run(process.execPath, [script])).stdout,
    'Wrote packages/cli/package.json, packages/cli/tsconfig.json.\n'
  )
  assert.equal((await run(process.execPath, [script, '--check'])).stdout, 'The workspace wiring is up to date.\n')

  // One dependency and one reference more; the root build graph reaches it through the command.
  const after = async (path: string) => await readFile(join(copy, path), 'utf8')
  assert.equal(await after('tsconfig.json'), before.get('tsconfig.json'))
  assert.deepEqual(lineDiff(before.get('packages/cli/package.json') ?? '', await after('packages/cli/package.json')), [
    '    "@chatmark/format-scratch": "workspace:*",'
  ])
  assert.deepEqual(
    lineDiff(before.get('packages/cli/tsconfig.json') ?? '', await after('packages/cli/tsconfig.json')),
    ['    { "path": "../format-scratch" },']
  )

  // The copy's vitest.config.ts runs the package's tests with the other packages', under the default coverage floor.
  const {default: config} = (await import(pathToFileURL(join(copy, 'vitest.config.ts')).href)) as {
    default: {test: {projects: Array<{test?: {name?: string; include?: string[]}}>; coverage: {thresholds: object}}}
  }
  const project = config.test.projects.find((entry) => entry.test?.name === 'packages')
  assert.ok(project?.test?.include?.includes('packages/format-scratch/test/**/*.test.ts'), 'its tests are run')
  assert.deepEqual(
    (config.test.coverage.thresholds as Record<string, unknown>)['packages/format-scratch/src/**'],
    defaultCoverageFloor
  )
})

/** The lines of `after` that `before` does not have, in order. */
function lineDiff(before: string, after: string): string[] {
  const had = new Set(before.split('\n'))
  return after.split('\n').filter((line) => !had.has(line))
}
