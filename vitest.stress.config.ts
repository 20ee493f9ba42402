import {fileURLToPath} from 'node:url'
import {defineConfig} from 'vitest/config'

// The stress run (`pnpm stress`, and CI after the test command): the long property runs in test/stress/, against
// the packages' TypeScript sources (the same resolve conditions as vitest.config.ts) and the installed package,
// without coverage.
const root = fileURLToPath(new URL('./', import.meta.url))
const conditions = ['chatmark-source', 'module', 'node', 'development|production']

export default defineConfig({
  resolve: {conditions},
  ssr: {resolve: {conditions, externalConditions: ['chatmark-source']}},
  test: {
    root,
    include: ['test/stress/**/*.stress.test.ts'],
    // The command the stress runs spawn is the installed package's (test/util/installed.ts).
    globalSetup: [`${root}test/setup/installed-package.ts`],
    testTimeout: 30 * 60_000
  }
})
