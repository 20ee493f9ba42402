import {existsSync, readdirSync} from 'node:fs'
import {availableParallelism} from 'node:os'
import {fileURLToPath} from 'node:url'
import {defineConfig} from 'vitest/config'
import {coverageFloor, workspacePackages} from './scripts/workspace.js'
import {SlowestFirst} from './test/setup/slowest-first.js'

// One vitest run over every package's tests plus the cross-format suite in test/.
// Tests import the packages through the `chatmark-source` export condition, so
// they run against the TypeScript sources and coverage maps onto them directly.
// Absolute, so the run is the same from any working directory (turbo starts it in test/).
const root = fileURLToPath(new URL('./', import.meta.url))
const conditions = ['chatmark-source', 'module', 'node', 'development|production']

/**
 * Every folder of packages/, whose tests the run takes. Each package's sources must keep a coverage (percent;
 * lines, branches, functions, statements), its `coverageFloor` in its package.json or the default one of
 * scripts/workspace.js, set one point under what the suite reaches (the fuzz tests draw random inputs, so branch
 * counts move a little from run to run): CI fails when a change leaves code untested. Raise them as tests are added.
 */
const packages = workspacePackages(root)

/** Test files that must not share a module graph with others (see the projects below). */
const isolated = '**/*.isolated.test.ts'

/** Whether a package's test folder holds such a file. */
function hasIsolatedTests(folder: string): boolean {
  return (
    existsSync(folder) &&
    readdirSync(folder, {recursive: true, encoding: 'utf8'}).some((name) => name.endsWith('.isolated.test.ts'))
  )
}

export default defineConfig({
  resolve: {conditions},
  ssr: {resolve: {conditions, externalConditions: ['chatmark-source']}},
  test: {
    projects: [
      // Every package's tests in one project: each project costs its workers a start of their own.
      {
        extends: true as const,
        test: {
          name: 'packages',
          root,
          include: packages.map(({dir}) => `packages/${dir}/test/**/*.test.ts`),
          exclude: ['**/node_modules/**', isolated]
        }
      },
      // A test that replaces a module the package imports (vi.mock) needs a module graph of its own: such files
      // are named `*.isolated.test.ts` and run apart, each in its own graph, so the others can share one.
      ...packages
        .filter(({dir}) => hasIsolatedTests(`${root}packages/${dir}/test`))
        .map(({dir: name}) => ({
          extends: true as const,
          test: {
            name: `${name}-isolated`,
            root: `${root}packages/${name}`,
            include: [`test/${isolated}`],
            isolate: true
          }
        })),
      {
        extends: true as const,
        test: {
          name: 'cross-format',
          root: `${root}test`,
          include: ['**/*.test.ts'],
          // The long property runs are the stress run's (vitest.stress.config.ts, `pnpm stress`).
          exclude: ['**/node_modules/**', '**/*.stress.test.ts']
        }
      }
    ],
    // Packs and installs the `chatmark` package once, for the tests that run what ships (test/util/installed.ts).
    globalSetup: [`${root}test/setup/installed-package.ts`],
    // The slowest files start first (./test/setup/slowest-first.ts), so that none runs alone at the end.
    sequence: {sequencer: SlowestFirst},
    // Test files share a worker's module graph: each would otherwise import and evaluate the packages' sources
    // again, which cost more than half the run.
    isolate: false,
    // A guard against a hang, never a measure: on a machine loaded 10x over, a test that starts the installed
    // command with workers took more than a minute (12 s idle), so the guard leaves room for that.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // vitest leaves a core free by default, but many tests wait on their child processes (the installed command,
    // its workers, a worker made to hang until its time limit): a worker more than there are cores keeps them
    // busy meanwhile (BENCHMARKS.md, "the default suite's time").
    maxWorkers: availableParallelism() + 1,
    reporters: ['default', ['json', {outputFile: 'coverage/test-results.json'}]],
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.ts'],
      // Runs only as a worker thread, which the coverage of the test process does not see; what it runs is
      // tested in-process (convert-entry, convert-parts-job, read-source-job, worker-channel, entry-events).
      exclude: ['packages/cli/src/convert-worker.ts'],
      reporter: ['text-summary', ['text', {skipFull: true}], 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: Object.fromEntries(packages.map((pkg) => [`packages/${pkg.dir}/src/**`, coverageFloor(pkg)]))
    }
  }
})
