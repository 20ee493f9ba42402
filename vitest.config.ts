import {fileURLToPath} from 'node:url'
import {defineConfig} from 'vitest/config'

// One vitest run over every package's tests plus the cross-format suite in test/.
// Tests import the packages through the `chatmark-source` export condition, so
// they run against the TypeScript sources and coverage maps onto them directly.
const packages = [
  'core',
  'format-chatgpt',
  'format-claude',
  'format-codex',
  'format-gemini',
  'format-plaintext',
  'format-slack',
  'cli'
] as const
// Absolute, so the run is the same from any working directory (turbo starts it in test/).
const root = fileURLToPath(new URL('./', import.meta.url))
const conditions = ['chatmark-source', 'module', 'node', 'development|production']

/**
 * The coverage each package's sources must keep (percent; lines, branches,
 * functions, statements), set just under what the suite reaches: CI fails
 * when a change leaves code untested. Raise them as tests are added.
 */
const floors: Record<(typeof packages)[number], [number, number, number, number]> = {
  core: [99, 90, 97, 97],
  'format-chatgpt': [96, 75, 96, 93],
  'format-claude': [96, 81, 95, 93],
  'format-codex': [85, 68, 95, 83],
  'format-gemini': [96, 80, 97, 93],
  'format-plaintext': [98, 91, 100, 96],
  'format-slack': [94, 77, 97, 91],
  cli: [90, 77, 92, 88]
}

export default defineConfig({
  resolve: {conditions},
  ssr: {resolve: {conditions, externalConditions: ['chatmark-source']}},
  test: {
    projects: [
      ...packages.map((name) => ({
        extends: true as const,
        test: {name, root: `${root}packages/${name}`, include: ['test/**/*.test.ts']}
      })),
      {extends: true as const, test: {name: 'cross-format', root: `${root}test`, include: ['**/*.test.ts']}}
    ],
    testTimeout: 60_000,
    reporters: ['default', ['json', {outputFile: 'coverage/test-results.json'}]],
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.ts'],
      reporter: ['text-summary', ['text', {skipFull: true}], 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: Object.fromEntries(
        packages.map((name) => {
          const [lines, branches, functions, statements] = floors[name]
          return [`packages/${name}/src/**`, {lines, branches, functions, statements}]
        })
      )
    }
  }
})
