import {Readable} from 'node:stream'
import {main} from 'chatmark'

/** What a run of the command printed, and its exit status. */
export interface SyncOutput {
  code: number
  stdout: string
  stderr: string
}

/**
 * `chatmark sync ARGV` in this process, on a fake home: paths are resolved
 * from `home` (or `cwd`), the tools' folders found under it with only `env`
 * set, and times rendered in UTC (the machine's zone otherwise).
 */
export async function runSync(
  argv: readonly string[],
  where: {home: string; cwd?: string; env?: Record<string, string>}
): Promise<SyncOutput> {
  let stdout = ''
  let stderr = ''
  const code = await main(['sync', ...argv], {
    stdout: {write: (chunk: string) => (stdout += chunk)},
    stderr: {write: (chunk: string) => (stderr += chunk)},
    stdin: Readable.from([]),
    cwd: where.cwd ?? where.home,
    home: where.home,
    env: where.env ?? {},
    timeZone: 'UTC'
  })
  return {code, stdout, stderr}
}
