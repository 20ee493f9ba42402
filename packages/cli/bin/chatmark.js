#!/usr/bin/env node
// The `chatmark` command is the bundle that `pnpm build` makes in dist/bundle/.
// This launcher exists so that package managers can link the command at
// install time, before the build has run.
import('../dist/bundle/chatmark.js').catch((error) => {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/bundle/chatmark.js')) throw error
  process.stderr.write('chatmark: the command is not built yet: run `pnpm build` in the repository\n')
  process.exitCode = 1
})
