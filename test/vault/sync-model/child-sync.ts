import {spawn} from 'node:child_process'
import {existsSync} from 'node:fs'
import type {SyncRun} from './in-process-sync.js'
import type {SyncWorld} from './sync-world.js'

/** A sync running in a child process of the bundled command. */
export interface ChildSync {
  /** Resolves once the child printed its `count`th line on stdout (at once for 0), or ended before: `false`. */
  printed(count: number): Promise<boolean>
  kill(signal: NodeJS.Signals): void
  /** How it ended. */
  ended: Promise<SyncRun>
}

/** A run that hangs is a failure with a message, not a test timeout (a vault locked for good once hung runs). */
const hangMs = 60_000

/**
 * Starts `node packages/cli/dist/bundle/chatmark.js sync vault` in the fake home, with that home as `HOME` and no
 * other variable the tools' folders could come from (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`).
 */
export function startChildSync(world: SyncWorld): ChildSync {
  if (!existsSync(world.command)) {
    throw new Error(`${world.command} is missing: build it first (npx -y pnpm@10 --filter chatmark build)`)
  }
  const child = spawn(process.execPath, [world.command, 'sync', 'vault'], {
    cwd: world.home,
    env: {HOME: world.home, PATH: process.env['PATH'] ?? '/usr/bin:/bin'},
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: hangMs
  })
  let stdout = ''
  let stderr = ''
  let lines = 0
  let ended = false
  const waiting: Array<{count: number; resolve: (reached: boolean) => void}> = []
  const settle = (): void => {
    for (const wait of [...waiting]) {
      if (lines >= wait.count || ended) {
        waiting.splice(waiting.indexOf(wait), 1)
        wait.resolve(lines >= wait.count)
      }
    }
  }
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    lines = stdout.split('\n').length - 1
    settle()
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const spawned = new Promise<void>((resolve) => child.once('spawn', () => resolve()))
  const endedRun = new Promise<SyncRun>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) => {
      ended = true
      settle()
      resolve({code, signal, stdout, stderr})
    })
  })
  return {
    async printed(count) {
      await spawned
      if (count === 0) return true
      return new Promise((resolve) => {
        waiting.push({count, resolve})
        settle()
      })
    },
    kill(signal) {
      child.kill(signal)
    },
    ended: endedRun
  }
}
