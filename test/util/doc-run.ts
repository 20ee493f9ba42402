import {dirname} from 'node:path'
import type {InstalledRun} from './installed.js'
import {runCommand} from './installed.js'

/** Where {@link runDocLine} runs a line, and whose environment it has. */
export interface DocLineOptions {
  cwd: string
  /**
   * The environment to start from ({@link personEnvironment}, {@link newPersonEnvironment}); the installed
   * `chatmark` goes first on its `PATH`.
   */
  env: NodeJS.ProcessEnv
}

/**
 * Runs one line of a doc's shell block as a person types it: in bash, with
 * the installed package's `chatmark` first on `PATH`, and `pipefail`, so a
 * pipeline's status is its first failure (`chatmark big.jsonl | head -20`
 * fails when chatmark does, not only when head does).
 */
export function runDocLine(text: string, options: DocLineOptions): Promise<InstalledRun> {
  return runCommand('bash', ['-o', 'pipefail', '-c', text], {cwd: options.cwd, baseEnv: options.env})
}

/**
 * This machine's person's environment, from this process's: without what the
 * test runner and the workspace's package manager add (`npm_*`, `pnpm_*`,
 * `NODE_OPTIONS`, V8 coverage, vitest's own variables), so that npm behaves
 * as in a terminal, with this machine's npm cache.
 */
export function personEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm|pnpm)_/i.test(key) || /^(NODE_OPTIONS|NODE_V8_COVERAGE|VITEST.*|TEST|NODE_ENV)$/.test(key)) continue
    env[key] = value
  }
  return env
}

/**
 * The environment of a new person whose home is `home`: none of this
 * machine's variables (no `CODEX_HOME`, `XDG_DATA_HOME`... that would move
 * the tools' folders `chatmark sync` looks in), times in UTC, and the system's
 * commands and this node on `PATH`.
 */
export function newPersonEnvironment(home: string): NodeJS.ProcessEnv {
  return {HOME: home, TZ: 'UTC', LANG: 'C.UTF-8', PATH: [dirname(process.execPath), '/usr/bin', '/bin'].join(':')}
}
