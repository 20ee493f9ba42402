import {Readable} from 'node:stream'
import {main} from 'chatmark'
import type {SyncWorld} from './sync-world.js'

/** How a sync ended: its exit status and what it printed. */
export interface SyncRun {
  code: number | null
  /** The signal that ended it, for a child process that was killed. */
  signal?: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** `chatmark sync vault` in this process (fast: no process to start), on the fake home and its environment alone. */
export async function syncInProcess(world: SyncWorld): Promise<SyncRun> {
  let stdout = ''
  let stderr = ''
  const code = await main(['sync', 'vault'], {
    stdout: {write: (chunk: string) => (stdout += chunk)},
    stderr: {write: (chunk: string) => (stderr += chunk)},
    stdin: Readable.from([]),
    cwd: world.home,
    home: world.home,
    env: {}
  })
  return {code, stdout, stderr}
}
