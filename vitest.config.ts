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
]
// Absolute, so the run is the same from any working directory (turbo starts it in test/).
const root = fileURLToPath(new URL('./', import.meta.url))
const conditions = ['chatmark-source', 'module', 'node', 'development|production']

export default defineConfig({
  resolve: {conditions},
  ssr: {resolve: {conditions, externalConditions: ['chatmark-source']}},
  test: {
    projects: [
      ...packages.map((name) => ({
        extends: true,
        test: {name, root: `${root}packages/${name}`, include: ['test/**/*.test.ts']}
      })),
      {extends: true, test: {name: 'cross-format', root: `${root}test`, include: ['**/*.test.ts']}}
    ],
    testTimeout: 60_000,
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.ts'],
      reporter: ['text-summary', 'text', 'json-summary'],
      reportsDirectory: 'coverage'
    }
  }
})
